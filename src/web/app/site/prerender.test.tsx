import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/markets.ts';
import { Carousel, type CarouselProps } from '../../features/site/carousel.tsx';
import { ContactForm, type ContactFormProps } from '../../features/site/contact-form.tsx';
import { renderAllSitePages, renderSitePage, SITE_PLACEHOLDERS, SITE_ROUTES } from './prerender.tsx';

const assets = { scripts: ['/assets/site-abc123.js'], styles: ['/assets/site-def456.css'] };
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

  it('loads no script but the island entry, and only where there is an island', () => {
    for (const route of SITE_ROUTES) {
      const doc = page(route.path, lang);
      const scripts = [...doc.querySelectorAll('script')];
      const islands = doc.querySelectorAll('[data-island]').length;
      expect(scripts.map((s) => [s.getAttribute('type'), s.getAttribute('src'), s.textContent])).toEqual(
        islands > 0 ? [['module', assets.scripts[0], '']] : [],
      );
      expect(doc.querySelectorAll('[onclick], [onload], [onerror]')).toHaveLength(0);
    }
  });

  it('marks the carousel and the contact form as islands whose props hold no placeholders', () => {
    const home = page('/', lang).querySelectorAll<HTMLElement>('[data-island]');
    const about = page('/About', lang).querySelectorAll<HTMLElement>('[data-island]');
    expect([...home].map((e) => e.dataset.island)).toEqual(['carousel']);
    expect([...about].map((e) => e.dataset.island)).toEqual(['contact-form']);
    for (const island of [...home, ...about]) {
      expect(island.dataset.props).not.toContain('%%');
      expect(() => JSON.parse(island.dataset.props ?? '')).not.toThrow();
    }
    const form = JSON.parse(about[0]!.dataset.props!) as ContactFormProps;
    expect(form.market).toBe(lang === 'en' ? 'IN' : 'ID');
    expect(form.lang).toBe(lang);
    expect(form.strings.incomplete).toBe(
      lang === 'en' ? 'Please provide complete information!' : 'Mohon lengkapi semua informasi!',
    );
    const carousel = JSON.parse(home[0]!.dataset.props!) as CarouselProps;
    expect(carousel.slides.length).toBeGreaterThanOrEqual(3);
    expect(carousel.slides.length).toBeLessThanOrEqual(4);
  });

  it('shows the first slide without JavaScript', () => {
    const slides = [
      ...page('/', lang).querySelectorAll('[data-island="carousel"] [aria-roledescription="slide"]'),
    ];
    expect(slides.map((s) => s.hasAttribute('hidden'))).toEqual(slides.map((_, i) => i !== 0));
  });
});

describe('islands', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it.each(LANGS)('hydrate onto the pre-rendered markup without a mismatch (%s)', async (lang) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    for (const path of ['/', '/About']) {
      document.body.innerHTML = bodyOf(path, lang);
      for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
        const props = JSON.parse(element.dataset.props!);
        const node =
          element.dataset.island === 'carousel' ? <Carousel {...props} /> : <ContactForm {...props} />;
        await act(async () => {
          hydrateRoot(element, node, { onRecoverableError: recoverable });
        });
      }
    }
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
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
