import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/markets.ts';
import { CAROUSEL_INTERVAL_MS, startCarousel } from '../../features/site/carousel-behaviour.ts';
import { ContactForm, type ContactFormProps } from '../../features/site/contact-form.tsx';
import {
  renderAllSitePages,
  renderSitePage,
  SITE_PLACEHOLDERS,
  SITE_ROUTES,
  type SiteAssets,
} from './prerender.tsx';

const assets: SiteAssets = {
  styles: ['/assets/site-def456.css'],
  scripts: {
    enhance: ['/assets/site-abc123.js'],
    islands: ['/assets/site-islands-ghi789.js', '/assets/rolldown-runtime-jkl.js', '/assets/react-mno.js'],
  },
};
const LANGS: Lang[] = ['en', 'id'];

/**
 * The page parsed into an inert template: a parsed document would make happy-dom try (and loudly fail)
 * to load the stylesheets and the policy frame.
 */
function page(path: string, lang: Lang): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = renderSitePage(path, lang, assets).replace(
    /<!doctype html>|<\/?(html|head|body)\b[^>]*>/gi,
    '',
  );
  return template.content;
}

function bodyOf(path: string, lang: Lang): string {
  return /<body>([\s\S]*)<\/body>/.exec(renderSitePage(path, lang, assets))![1]!;
}

function text(doc: DocumentFragment): string {
  return (doc.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');
}

/** Section headings of spec §2, as each language titles them. */
const PRIVACY_HEADINGS: Record<Lang, string[]> = {
  en: [
    'Use of information',
    'Disclosure of information',
    'Cookies',
    'Data security',
    'Non-discrimination statement',
    'Your rights',
    'Minors',
    'Changes to this policy',
    'Contact us',
  ],
  id: [
    'Penggunaan informasi',
    'Pengungkapan informasi',
    'Cookie',
    'Keamanan data',
    'Pernyataan non-diskriminasi',
    'Hak Anda',
    'Anak di bawah umur',
    'Perubahan kebijakan',
    'Kontak',
  ],
};

/** Every India figure of spec §9, as each language writes it. */
const LOAN_FIGURES: Record<Lang, string[]> = {
  en: [
    '91 to 365 calendar days',
    'Rs.1,000 for new clients',
    'Rs.800 for repeat clients',
    '5% per day from day 1 to day 30',
    '4% per day from day 31 to day 90',
    '2% per day from day 91',
    'once half of the loan term has passed, and not earlier than 7 days after disbursement',
    'within 1 day',
    'within 1 to 3 calendar days',
    'over 18 years of age, of Indian nationality',
    'within 3 days of the change',
    'within 10 days of the judgment',
    "7 business days' notice",
  ],
  id: [
    '91 sampai 365 hari kalender',
    'Rs 1.000 untuk nasabah baru',
    'Rs 800 untuk nasabah yang pernah meminjam sebelumnya',
    '5% per hari pada hari ke-1 sampai hari ke-30',
    '4% per hari pada hari ke-31 sampai hari ke-90',
    '2% per hari mulai hari ke-91',
    'setelah separuh jangka waktu pinjaman berlalu, dan tidak lebih awal dari 7 hari setelah pencairan',
    'dalam waktu 1 hari',
    'dalam 1 sampai 3 hari kalender',
    'berusia di atas 18 tahun, berkewarganegaraan India',
    'dalam waktu 3 hari sejak perubahan',
    'dalam waktu 10 hari sejak putusan',
    '7 hari kerja',
  ],
};

/** Marketing claims of spec §1, per market (English = India, Indonesian = Indonesia). */
const HOME_CLAIMS: Record<Lang, string[]> = {
  en: ['₹2,000', '₹80,000', 'within 2 hours', 'over 3 million users', 'salary of ₹12,000 or more'],
  id: [
    'Rp 1.000.000',
    'Rp 15.000.000',
    'dalam 2 jam',
    'lebih dari 3 juta pengguna',
    'gaji tahunan Rp 5.000.000',
  ],
};

describe.each(LANGS)('site pages (%s)', (lang) => {
  it('renders every route as a complete document in the language of its market', () => {
    for (const route of SITE_ROUTES) {
      const html = renderSitePage(route.path, lang, assets);
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain(`<html lang="${lang === 'en' ? 'en-IN' : 'id-ID'}">`);
      const doc = page(route.path, lang);
      expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(assets.styles[0]);
      expect(doc.querySelector('meta[charset]')?.getAttribute('charset')).toBe('utf-8');
      expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
      expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
      expect(doc.querySelector('meta[name="theme-color"]')).not.toBeNull();
      expect(doc.querySelector('title')?.textContent).toContain('%%companyName%%');
      expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
      expect(doc.querySelectorAll('main#main h1')).toHaveLength(1);
      expect(doc.querySelector('a.skip-link')?.getAttribute('href')).toBe('#main');
    }
  });

  it('links each page to both language versions of itself, except the 404 page', () => {
    const about = page('/About', lang);
    const alternates = [...about.querySelectorAll('link[rel="alternate"]')].map(
      (l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`,
    );
    expect(alternates).toEqual(['en-IN /About?lang=en', 'id-ID /About?lang=id', 'x-default /About']);
    expect(page('*', lang).querySelector('link[rel="alternate"]')).toBeNull();
    expect(page('*', lang).querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('has the four navigation links, marking the current one', () => {
    for (const [path, current] of [
      ['/', '/'],
      ['/About', '/About'],
      ['/Policy', '/Policy'],
      ['/Loan', '/Loan'],
      ['/Contact', null],
    ] as const) {
      const links = [...page(path, lang).querySelectorAll('header nav a')];
      expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/About', '/Policy', '/Loan']);
      const marked = links.filter((a) => a.getAttribute('aria-current') === 'page');
      expect(marked.map((a) => a.getAttribute('href'))).toEqual(current ? [current] : []);
    }
    const labels = [...page('/', lang).querySelectorAll('header nav a')].map((a) => a.textContent);
    expect(labels).toEqual(
      lang === 'en'
        ? ['Home', 'About Us', 'Privacy Policy', 'Loan terms and conditions']
        : ['Beranda', 'Tentang Kami', 'Kebijakan Privasi', 'Syarat dan ketentuan pinjaman'],
    );
  });

  it('offers the other language on the same path', () => {
    const link = page('/Loan', lang).querySelector('a.lang-switch')!;
    expect(link.getAttribute('href')).toBe(lang === 'en' ? '?lang=id' : '?lang=en');
    expect(link.textContent).toBe(lang === 'en' ? 'Bahasa Indonesia' : 'English');
  });

  it('leaves the company details as placeholders in the footer', () => {
    for (const route of SITE_ROUTES) {
      const footer = page(route.path, lang).querySelector('footer')!;
      const footerText = footer.textContent ?? '';
      for (const token of ['%%companyName%%', '%%phone%%', '%%email%%', '%%address%%']) {
        expect(footerText).toContain(token);
      }
      expect(footerText).toMatch(/© \d{4} %%companyName%%/);
      expect(footer.querySelector('a[href="tel:%%phone%%"]')).not.toBeNull();
      expect(footer.querySelector('a[href="mailto:%%email%%"]')).not.toBeNull();
    }
  });

  it('claims what spec §1 says for the market', () => {
    const home = text(page('/', lang));
    for (const claim of HOME_CLAIMS[lang]) expect(home).toContain(claim);
  });

  it('has every privacy-policy section of spec §2 as a heading, and the contact details', () => {
    const doc = page('/privacyPolicy', lang);
    const headings = [...doc.querySelectorAll('main h2')].map((h) => h.textContent);
    expect(headings).toEqual(PRIVACY_HEADINGS[lang]);
    const body = text(doc);
    for (const token of ['%%email%%', '%%phone%%', '%%address%%']) expect(body).toContain(token);
    const rights =
      lang === 'en'
        ? ['access', 'correction', 'erasure', 'objection', 'restriction', 'withdrawal of consent', 'DPDP Act']
        : [
            'akses',
            'perbaikan',
            'penghapusan',
            'keberatan',
            'pembatasan',
            'penarikan persetujuan',
            '27 Tahun 2022',
            '3 × 24 jam',
          ];
    for (const right of rights) expect(body).toContain(right);
    expect(body).toContain(lang === 'en' ? 'over 18' : 'di atas 18 tahun');
    expect(body).toContain(lang === 'en' ? 'contacts, call logs' : 'kontak, riwayat panggilan');
  });

  it('states every India loan figure of spec §9', () => {
    const doc = page('/Loan', lang);
    expect(doc.querySelector('h1')?.textContent).toBe(
      lang === 'en' ? 'Loan terms and conditions' : 'Syarat dan ketentuan pinjaman',
    );
    const body = text(doc);
    for (const figure of LOAN_FIGURES[lang]) expect(body).toContain(figure);
  });

  it('frames the configured policy in a sandbox, with ways out', () => {
    const doc = page('/Policy', lang);
    const frame = doc.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('%%policyUrl%%');
    expect(frame.getAttribute('title')).toBeTruthy();
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups');
    expect(frame.getAttribute('loading')).toBe('lazy');
    const hrefs = [...doc.querySelectorAll('main a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('%%policyUrl%%');
    expect(hrefs).toContain('/privacyPolicy');
  });

  it('shows the contact details on the contact page', () => {
    const body = text(page('/Contact', lang));
    for (const token of ['%%companyName%%', '%%phone%%', '%%email%%', '%%address%%']) {
      expect(body).toContain(token);
    }
  });

  it('loads React only where a form hydrates, the small carousel script only on home, else nothing', () => {
    const expected: Record<string, string[][]> = {
      '/': [['module', assets.scripts.enhance[0]!, '']],
      '/About': [['module', assets.scripts.islands[0]!, '']],
    };
    for (const route of SITE_ROUTES) {
      const doc = page(route.path, lang);
      const scripts = [...doc.querySelectorAll('script')];
      expect(scripts.map((s) => [s.getAttribute('type'), s.getAttribute('src'), s.textContent])).toEqual(
        expected[route.path] ?? [],
      );
      // The island's imports (React) are announced up front, so they download alongside the entry.
      const preloads = [...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute('href'),
      );
      expect(preloads).toEqual(route.path === '/About' ? assets.scripts.islands.slice(1) : []);
      expect(doc.querySelectorAll('[onclick], [onload], [onerror]')).toHaveLength(0);
    }
  });

  it('marks the contact form as an island whose props hold no placeholders, and the carousel for the script', () => {
    const home = page('/', lang);
    const about = page('/About', lang).querySelectorAll<HTMLElement>('[data-island]');
    expect(home.querySelectorAll('[data-island]')).toHaveLength(0);
    expect(home.querySelectorAll('[data-carousel]')).toHaveLength(1);
    expect([...about].map((e) => e.dataset.island)).toEqual(['contact-form']);
    expect(about[0]!.dataset.props).not.toContain('%%');
    const form = JSON.parse(about[0]!.dataset.props!) as ContactFormProps;
    expect(form.market).toBe(lang === 'en' ? 'IN' : 'ID');
    expect(form.lang).toBe(lang);
    expect(form.strings.incomplete).toBe(
      lang === 'en' ? 'Please provide complete information!' : 'Mohon lengkapi semua informasi!',
    );
    const slides = home.querySelectorAll('[data-carousel] .carousel-slide');
    expect(slides.length).toBeGreaterThanOrEqual(3);
    expect(slides.length).toBeLessThanOrEqual(4);
    expect(home.querySelectorAll('[data-carousel] .carousel-dot')).toHaveLength(slides.length);
  });

  it('shows the first slide without JavaScript', () => {
    const slides = [...page('/', lang).querySelectorAll('[data-carousel] [aria-roledescription="slide"]')];
    expect(slides.map((s) => s.hasAttribute('hidden'))).toEqual(slides.map((_, i) => i !== 0));
  });
});

describe('in the browser', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it.each(LANGS)(
    'the contact form hydrates onto the pre-rendered markup without a mismatch (%s)',
    async (lang) => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const recoverable = vi.fn();
      document.body.innerHTML = bodyOf('/About', lang);
      const element = document.querySelector<HTMLElement>('[data-island="contact-form"]')!;
      const props = JSON.parse(element.dataset.props!) as ContactFormProps;
      await act(async () => {
        hydrateRoot(element, <ContactForm {...props} />, { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it.each(LANGS)('the carousel script turns the pre-rendered home carousel (%s)', (lang) => {
    vi.useFakeTimers();
    document.body.innerHTML = bodyOf('/', lang);
    const root = document.querySelector<HTMLElement>('[data-carousel]')!;
    const shown = () =>
      [...root.querySelectorAll<HTMLElement>('.carousel-slide')].findIndex((s) => !s.hidden);
    const stop = startCarousel(root);
    expect(shown()).toBe(0);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(shown()).toBe(1);
    root.querySelectorAll<HTMLButtonElement>('.carousel-dot')[0]!.click();
    expect(shown()).toBe(0);
    stop();
  });
});

describe('renderAllSitePages', () => {
  it('gives every route in both languages, with the placeholder tokens of the server', () => {
    const pages = renderAllSitePages(assets);
    expect(pages.map((p) => `${p.lang}/${p.file}`).sort()).toEqual(
      LANGS.flatMap((l) =>
        ['index', 'About', 'Policy', 'Loan', 'privacyPolicy', 'Contact', '404'].map((f) => `${l}/${f}`),
      ).sort(),
    );
    expect(Object.values(SITE_PLACEHOLDERS)).toEqual([
      '%%companyName%%',
      '%%phone%%',
      '%%email%%',
      '%%address%%',
      '%%policyUrl%%',
      '%%appName%%',
    ]);
  });
});
