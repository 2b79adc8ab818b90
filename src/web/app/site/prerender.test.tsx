import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOAN_AGREEMENTS } from '../../../shared/legal/loan-agreement.ts';
import type { Lang } from '../../../shared/markets.ts';
import { CAROUSEL_INTERVAL_MS, startCarousel } from '../../features/site/carousel-behaviour.ts';
import { ContactForm, type ContactFormProps } from '../../features/site/contact-form.tsx';
import { startVerify } from '../../features/site/verify-behaviour.ts';
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

/** Every India figure of spec §9: the English pages are India's, so its loan terms carry them. */
const INDIA_LOAN_FIGURES = [
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
];

/** What only the Indian terms say (RBI rules, Indian law, rupees): none of it may reach Indonesia. */
const INDIA_ONLY = [
  /India/,
  /\bRBI\b/,
  /Reserve Bank/,
  /Rs\.?\s?\d/,
  /₹/,
  /Key Fact Statement/,
  /\bKFS\b/,
  /Ombudsman/,
];

/**
 * Marketing claims of spec §1, per market (English = India, Indonesian = Indonesia): its amounts, and the
 * times of its loan terms in place of its "within 2 hours" (decision 058).
 */
const HOME_CLAIMS: Record<Lang, string[]> = {
  en: [
    '₹2,000 to ₹80,000',
    'within 1 day',
    'within 1 to 3 calendar days',
    'over 3 million users',
    'salary of ₹12,000 or more',
  ],
  id: [
    'Rp\u00a01.000.000 hingga Rp\u00a015.000.000',
    'dalam 1 hari',
    'dalam 1 sampai 3 hari kalender',
    'lebih dari 3 juta pengguna',
    'gaji tahunan Rp\u00a05.000.000',
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
      expect(doc.querySelector('title')?.textContent).toContain('%%appName%%');
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
    const home = (page('/', lang).querySelector('main')?.textContent ?? '').replace(/[ \n\t]+/g, ' ');
    for (const claim of HOME_CLAIMS[lang]) expect(home).toContain(claim);
  });

  it('never lets a line end between a currency and its amount', () => {
    for (const route of SITE_ROUTES) {
      const html = renderSitePage(route.path, lang, assets);
      // A plain (breakable) space or a line break between "Rp", "Rs" or "₹" and the digits.
      expect(html, route.path).not.toMatch(/(Rp|Rs\.?|₹)[ \t\n]+\d/);
    }
    expect(renderSitePage('/', 'id', assets)).toContain('Rp\u00a01.000.000');
  });

  it('has a logo: an inline mark and the app name as wordmark, the legal name only in the footer', () => {
    for (const route of SITE_ROUTES) {
      const doc = page(route.path, lang);
      const brand = doc.querySelector<HTMLAnchorElement>('header a.brand')!;
      expect(brand.getAttribute('href')).toBe('/');
      const mark = brand.querySelector('svg')!;
      expect(mark.getAttribute('aria-hidden')).toBe('true');
      expect(mark.querySelectorAll('path, rect, circle').length).toBeGreaterThan(0);
      // Its accessible name is the app name (and where it goes); the mark adds nothing to it.
      expect(brand.getAttribute('aria-label')).toBe(
        `%%appName%%, ${lang === 'en' ? 'home page' : 'beranda'}`,
      );
      expect(brand.textContent).toBe('%%appName%%');
      expect(doc.querySelector('header')!.textContent).not.toContain('%%companyName%%');
      expect(doc.querySelector('footer .company-name')?.textContent).toBe('%%companyName%%');
      // The inline mark costs no request.
      expect(doc.querySelector('header img')).toBeNull();
    }
  });

  it('shows the market’s licence line in the footer', () => {
    for (const route of SITE_ROUTES) {
      expect(page(route.path, lang).querySelector('footer .licence')?.textContent).toBe('%%licence%%');
    }
  });

  it('links "Download the app" to the configured store listing, marked for the server to drop', () => {
    const links = [...page('/', lang).querySelectorAll('main a[data-store-link]')];
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('%%storeUrl%%');
    expect(renderSitePage('/', lang, assets)).not.toContain('store/search');
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

  it('shows the loan terms of the page’s market, with the lender from the site values', () => {
    const doc = page('/Loan', lang);
    expect(doc.querySelector('h1')?.textContent).toBe(
      lang === 'en' ? 'Loan terms and conditions' : 'Syarat dan ketentuan pinjaman',
    );
    const article = doc.querySelector('main article')!;
    expect(article.getAttribute('data-market')).toBe(lang === 'en' ? 'IN' : 'ID');
    expect(article.getAttribute('lang')).toBe(lang);
    const lender = article.querySelector('.lender-details')!.textContent ?? '';
    for (const token of ['%%companyName%%', '%%licence%%', '%%phone%%', '%%email%%']) {
      expect(lender).toContain(token);
    }
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

  it('loads React only where a form hydrates, and the small script on every other page', () => {
    // Every page runs a script: it takes the app's session token out of the address bar.
    const expected: Record<string, string[][]> = {
      '/About': [
        ['module', assets.scripts.enhance[0]!, ''],
        ['module', assets.scripts.islands[0]!, ''],
      ],
    };
    for (const route of SITE_ROUTES) {
      const doc = page(route.path, lang);
      const scripts = [...doc.querySelectorAll('script')];
      expect(scripts.map((s) => [s.getAttribute('type'), s.getAttribute('src'), s.textContent])).toEqual(
        expected[route.path] ?? [['module', assets.scripts.enhance[0]!, '']],
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

describe('loan terms, each market its own', () => {
  const loanText = (lang: Lang) => text(page('/Loan', lang));

  it('India (English pages): RBI rules and every figure of spec §9', () => {
    const body = loanText('en');
    for (const figure of INDIA_LOAN_FIGURES) expect(body).toContain(figure);
    for (const rule of [
      'Reserve Bank of India',
      'Key Fact Statement',
      'annual percentage rate (APR)',
      'look-up period',
      'grievance redressal officer',
      'Integrated Ombudsman Scheme',
      'laws of India',
      'Reserve Bank of India (Digital Lending) Directions, 2025',
      'penal charges',
      'not compounded',
    ]) {
      expect(body).toContain(rule);
    }
    expect(body).not.toMatch(/OJK|Rupiah|Rp\s?\d/);
  });

  it('Indonesia (Indonesian pages): its own terms under OJK rules, never the Indian text', () => {
    const body = loanText('id');
    for (const rule of [
      'Otoritas Jasa Keuangan (OJK)',
      'Nomor 22 Tahun 2023',
      '10/POJK.05/2022',
      'Undang-Undang Nomor 27 Tahun 2022',
      'Rupiah',
      'batas maksimum harian yang ditetapkan OJK',
      '100% dari pokok pinjaman',
      'Masa pertimbangan',
      'Pelunasan dipercepat',
      'LAPS SJK',
      'Badan Penyelesaian Sengketa Konsumen (BPSK)',
      'Pengadilan Negeri',
      'hukum Republik Indonesia',
      '19/SEOJK.06/2023',
      'paling tinggi 0,1% per hari dari pokok pinjaman',
      'Kontak OJK 157',
    ]) {
      expect(body).toContain(rule);
    }
    for (const india of INDIA_ONLY) expect(body).not.toMatch(india);
    // Nor a translation of the Indian terms: none of India's figures of spec §9.
    for (const figure of ['91 sampai 365', 'Rs', '5% per hari', 'berkewarganegaraan India']) {
      expect(body).not.toContain(figure);
    }
  });

  it('is the text the app’s loan agreement screen shows (one source, src/shared/legal/)', () => {
    for (const [lang, market] of [
      ['en', 'IN'],
      ['id', 'ID'],
    ] as const) {
      const doc = LOAN_AGREEMENTS[market][lang];
      const headings = [...page('/Loan', lang).querySelectorAll('main article h2')].map((h) => h.textContent);
      expect(headings).toEqual(doc.sections.map((s) => s.heading));
      const body = loanText(lang);
      for (const paragraph of [...doc.intro, ...doc.sections.flatMap((s) => s.paragraphs)]) {
        expect(body).toContain(paragraph.replace(/\s+/g, ' '));
      }
    }
  });

  it('has a structure of its own per market, not one text translated', () => {
    const headings = (lang: Lang) => [...page('/Loan', lang).querySelectorAll('main h2')].length;
    expect(headings('id')).not.toBe(headings('en'));
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
        ['index', 'About', 'Policy', 'Loan', 'privacyPolicy', 'Contact', 'verify', '404'].map(
          (f) => `${l}/${f}`,
        ),
      ).sort(),
    );
    expect(Object.values(SITE_PLACEHOLDERS)).toEqual([
      '%%companyName%%',
      '%%phone%%',
      '%%email%%',
      '%%address%%',
      '%%policyUrl%%',
      '%%appName%%',
      '%%licence%%',
      '%%storeUrl%%',
    ]);
  });
});

describe('certificate check (/verify)', () => {
  /** The pre-rendered page in a document, the behaviour started with a fake API. */
  function verifyPage(lang: Lang, answer: (url: string) => Response | Promise<Response>, search = '') {
    // As the served page says it: a locale ("id-ID"), which the API's language must not be (issue 29).
    document.documentElement.lang = lang === 'id' ? 'id-ID' : 'en-IN';
    const fragment = page('/verify', lang);
    // Inert in the template, live in the document: the page's stylesheets and scripts are not under test.
    for (const el of fragment.querySelectorAll('link, script')) el.remove();
    document.body.replaceChildren(fragment);
    const calls: Array<{ url: string; lang: string | null }> = [];
    const fetch = async (url: string, init?: RequestInit) => {
      calls.push({ url, lang: new Headers(init?.headers).get('x-lang') });
      return answer(url);
    };
    const form = document.querySelector<HTMLFormElement>('form[data-verify]')!;
    const result = document.querySelector<HTMLElement>('.verify-result')!;
    const started = startVerify(form, result, { fetch, search });
    const status = () => form.querySelector('.form-status')!.textContent;
    const row = (label: string) =>
      [...result.querySelectorAll('div')]
        .find((d) => d.querySelector('dt')!.textContent === label)!
        .querySelector('dd')!.textContent;
    return { ...started, form, result, calls, status, row };
  }
  const genuine = {
    document: 'No Dues Certificate',
    orderNo: 'IN20260801002',
    borrower: 'P***a S****a',
    amount: '₹8,000',
    repaid: '₹8,436.80',
    settledOn: '26 Sept 2026',
    lender: '<b>Kredito</b>',
  };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('checks the code printed in the address at once and shows what the certificate says, as text', async () => {
    const v = verifyPage(
      'en',
      () => json({ code: 0, data: genuine, message: 'success' }),
      '?code=in20260801002-43ztc2yjdt',
    );
    await v.ready;
    expect(v.calls).toEqual([{ url: '/api/v1/documents/verify?code=IN20260801002-43ZTC2YJDT', lang: 'en' }]);
    expect(v.status()).toBe('This certificate is genuine.');
    expect(v.result.hidden).toBe(false);
    expect(v.row('Borrower')).toBe('P***a S****a');
    expect(v.row('Total repaid')).toBe('₹8,436.80');
    // Markup in a value stays text.
    expect(v.row('Lender')).toBe('<b>Kredito</b>');
    expect(v.result.querySelector('b')).toBeNull();
  });

  it('says plainly when a typed code matches nothing, in Indonesian on the Indonesian page', async () => {
    const v = verifyPage('id', () => json({ code: '404', data: null, message: 'x' }, 404));
    (v.form.querySelector('input[name="code"]') as HTMLInputElement).value = 'ID2026-AAAAAAAAAA';
    await v.check('ID2026-AAAAAAAAAA');
    expect(v.status()).toMatch(/^Kode ini tidak cocok/);
    expect(v.result.hidden).toBe(true);
    expect(v.form.querySelector('input[name="code"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(v.calls[0]!.lang).toBe('id');
  });

  it('asks for a code before sending an empty one, and says when the check itself failed', async () => {
    let fail = true;
    const v = verifyPage('en', () => {
      if (fail) throw new TypeError('Failed to fetch');
      return json({ code: '503', data: null, message: 'busy' }, 503);
    });
    await v.check('   ');
    expect(v.calls).toEqual([]);
    expect(v.status()).toMatch(/^This code does not match/);
    await v.check('IN20260801002-43ZTC2YJDT');
    expect(v.status()).toBe('The code could not be checked just now. Please try again.');
    fail = false;
    await v.check('IN20260801002-43ZTC2YJDT');
    expect(v.status()).toBe('The code could not be checked just now. Please try again.');
    expect((v.form.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(false);
  });
});
