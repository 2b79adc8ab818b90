import { useQueryClient } from '@tanstack/react-query';
import { setDefaultConfig } from 'antd-mobile';
import { useId } from 'react';
import { isLang, LANGS, type Lang } from '../../../shared/markets.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { antdLocale } from '../../ui/antd-locales.ts';
import { adminKeys } from './admin-api.ts';
import { storeAdminLang } from './admin-lang.ts';

/** Each language is named in itself, so an operator who cannot read the current one still finds theirs. */
const NAMES: Record<Lang, string> = { en: 'English', id: 'Bahasa Indonesia' };

/** Switches the back office's language at once and remembers the choice in this browser. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const id = useId();
  const change = (value: string) => {
    if (!isLang(value)) return;
    storeAdminLang(value);
    void i18n.changeLanguage(value);
    // antd-mobile's own labels (dialog buttons, uploader) follow too.
    setDefaultConfig({ locale: antdLocale(value) });
    // The server titles complaint types in the operator's language: load them again in the new one.
    void queryClient.invalidateQueries({ queryKey: adminKeys.queue });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'complaint'] });
  };
  return (
    <div className={`admin-lang ${className ?? ''}`}>
      <label htmlFor={id}>{t('header.language')}</label>
      <select id={id} value={i18n.language} onChange={(e) => change(e.target.value)}>
        {LANGS.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
