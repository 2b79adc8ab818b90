import { type CSSProperties, useEffect, useId, useState } from 'react';
import {
  COLOUR_PATTERN,
  contrastRatio,
  isOwnPath,
  THEME_RULE,
} from '../../../../shared/contract/channels-admin.ts';
import { MARKET_INFO, type Market } from '../../../../shared/markets.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';

export interface PreviewTemplate {
  market: Market;
  headline: string;
  subline: string;
  appName: string;
  bannerUrl: string;
  theme: { primary: string; background: string };
}

/** A value once it has stopped changing for `ms`: the banner is not fetched for every letter typed. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The colours the landing would use: each only when its text stays readable, as the landing's own check
 * does (it keeps the brand's colour otherwise), so the preview never shows what visitors will not see.
 */
function previewStyle(theme: PreviewTemplate['theme']): CSSProperties {
  const usable = (colour: string, against: string) =>
    COLOUR_PATTERN.test(colour) && contrastRatio(colour, against) >= THEME_RULE.min;
  const style: Record<string, string> = {};
  if (usable(theme.primary, THEME_RULE.onPrimary)) style['--preview-primary'] = theme.primary;
  if (usable(theme.background, THEME_RULE.onBackground)) style['--preview-background'] = theme.background;
  return style as CSSProperties;
}

/**
 * The top of the landing (decision 034: banner, headline, subline, the register button) at a phone's
 * width, in the market's language and the template's colours. Drawn here with the landing's proportions
 * rather than with its components: features do not import each other, and the landing's bundle must not
 * grow for the back office.
 */
export function TemplatePreview({ template }: { template: PreviewTemplate }) {
  const { t } = useTranslation('channelsAdmin');
  const headingId = useId();
  const lang = MARKET_INFO[template.market].lang;
  const banner = useSettled(template.bannerUrl, 400);
  const [broken, setBroken] = useState<string | null>(null);
  const picture = isOwnPath(banner) && broken !== banner ? banner : null;

  return (
    <section className="admin-card channels-preview" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('editor.sections.preview')}</h2>
      <p className="admin-muted">{t('editor.previewIntro')}</p>
      <figure
        className="channels-phone"
        aria-label={t('editor.previewLabel')}
        lang={lang}
        style={previewStyle(template.theme)}
      >
        {picture ? (
          // The headline beside it says what the picture is for, as on the landing.
          <img
            className="channels-banner"
            src={picture}
            alt=""
            width={750}
            height={300}
            onError={() => setBroken(picture)}
          />
        ) : (
          <div className="channels-banner channels-banner-drawn">
            <span>{t(`editor.previewBanner.${lang}`, { appName: template.appName })}</span>
          </div>
        )}
        <p className="channels-preview-headline">{template.headline}</p>
        {template.subline ? <p className="channels-preview-subline">{template.subline}</p> : null}
        {/* A picture of the button, not a control: nothing here can be pressed. */}
        <span className="channels-preview-button" aria-hidden="true">
          {t(`editor.previewButton.${lang}`)}
        </span>
      </figure>
    </section>
  );
}
