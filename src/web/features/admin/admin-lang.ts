import { isLang, type Lang } from '../../../shared/markets.ts';

/**
 * The back office's language. Operators are not borrowers: no market or launch query decides it, so it is
 * their own choice, kept in this browser. Until they choose, the browser's language decides.
 */
const STORAGE_KEY = 'admin-lang';

export function adminLang(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // Storage blocked (privacy settings): fall through to the browser's language.
  }
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return browser.startsWith('id') ? 'id' : 'en';
}

export function storeAdminLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // The choice then lasts for this page only.
  }
}
