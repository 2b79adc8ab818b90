import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_AGREEMENTS } from '../../../shared/legal/loan-agreement.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { LoanAgreementPage } from './loan-agreement-page.tsx';
import { renderAt } from './loan-confirm-test-kit.tsx';

const routes = [{ path: H5_PATHS.loanAgreement, Component: LoanAgreementPage }];
const AGREEMENT = `${H5_PATHS.loanAgreement}?productId=7&position=1`;

/** What only India's agreement says (RBI rules, rupees): none of it may reach a borrower in Indonesia. */
const INDIA_ONLY = [/India/, /\bRBI\b/, /Reserve Bank/, /Rs\.?\s?\d/, /₹/, /Key Fact Statement/, /\bKFS\b/];
/** What only Indonesia's says (OJK rules, rupiah): none of it may reach a borrower in India. */
const INDONESIA_ONLY = [/\bOJK\b/, /POJK/, /SEOJK/, /LPBBTI/, /Rupiah|rupiah/, /RIPLAY/, /UU PDP/];

beforeAll(() => setupAntdMobile('en'));
afterEach(() => setSessionParams({}));

/** The session as the app opens the page: the market, and `isNeedPop` for the language. */
function openAs(market: Market, lang: Lang, path = AGREEMENT) {
  setSessionParams({ market, isNeedPop: lang === 'id' ? '1' : '0', token: 't'.repeat(43) });
  return renderAt(routes, path, lang);
}

async function agreementText(): Promise<string> {
  const article = await screen.findByRole('article');
  return (article.textContent ?? '').replace(/\s+/g, ' ');
}

describe('LoanAgreementPage', () => {
  it('India, English: India’s own agreement, with every figure of spec §9, under RBI rules', async () => {
    openAs('IN', 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Loan agreement' })).toBeTruthy();
    const text = await agreementText();
    for (const figure of [
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
      'Reserve Bank of India (Digital Lending) Directions, 2025',
      'Guidelines on Digital Lending of 2022',
      'Key Fact Statement',
      'look-up period',
      'grievance redressal officer',
      'not compounded',
      'Integrated Ombudsman Scheme',
    ]) {
      expect(text).toContain(figure);
    }
    for (const other of INDONESIA_ONLY) expect(text).not.toMatch(other);
    expect(screen.getByRole('article').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('article').getAttribute('data-market')).toBe('IN');
    expect(document.title).toBe('Loan agreement');
  });

  it('India, Indonesian: a rendering of India’s agreement (English binds), never Indonesia’s', async () => {
    openAs('IN', 'id');
    expect(screen.getByRole('heading', { level: 1, name: 'Perjanjian pinjaman' })).toBeTruthy();
    const text = await agreementText();
    for (const figure of [
      'teks bahasa Inggris yang berlaku',
      'Reserve Bank of India',
      '91 sampai 365 hari kalender',
      'Rs.1,000 untuk nasabah baru',
      'Rs.800 untuk nasabah lama',
      '5% per hari pada hari ke-1 sampai ke-30',
      'berkewarganegaraan India',
      'Integrated Ombudsman Scheme',
    ]) {
      expect(text).toContain(figure);
    }
    for (const other of INDONESIA_ONLY) expect(text).not.toMatch(other);
    expect(screen.getByRole('article').getAttribute('lang')).toBe('id');
    expect(screen.getByRole('article').getAttribute('data-market')).toBe('IN');
  });

  it('Indonesia, Indonesian: Indonesia’s own agreement under OJK rules, with the cost caps', async () => {
    openAs('ID', 'id');
    const text = await agreementText();
    for (const rule of [
      '10/POJK.05/2022',
      '19/SEOJK.06/2023',
      'Nomor 22 Tahun 2023',
      'Undang-Undang Nomor 27 Tahun 2022',
      'paling tinggi 0,1% per hari dari pokok pinjaman',
      'denda keterlambatan paling tinggi 0,1% per hari',
      'paling banyak 100% dari pokok pinjaman',
      'Kontak OJK 157',
      'LAPS SJK',
      'hukum Republik Indonesia',
    ]) {
      expect(text).toContain(rule);
    }
    for (const india of INDIA_ONLY) expect(text).not.toMatch(india);
    expect(screen.getByRole('article').getAttribute('data-market')).toBe('ID');
  });

  it('Indonesia, English: the English rendering of Indonesia’s agreement, never India’s', async () => {
    openAs('ID', 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Loan agreement' })).toBeTruthy();
    const text = await agreementText();
    for (const rule of [
      'the Indonesian text prevails',
      '10/POJK.05/2022',
      '19/SEOJK.06/2023',
      'at most 0.1% of the principal per day',
      'at most 100% of the principal',
      'Kontak OJK 157',
      'Law No. 27 of 2022 on Personal Data Protection',
    ]) {
      expect(text).toContain(rule);
    }
    for (const india of INDIA_ONLY) expect(text).not.toMatch(india);
    expect(screen.getByRole('article').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('article').getAttribute('data-market')).toBe('ID');
  });

  it('shows the same text as the shared module, section by section', async () => {
    openAs('ID', 'en');
    await agreementText();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(LOAN_AGREEMENTS.ID.en.sections.map((s) => s.heading));
  });

  it('in the popup frame (embed=1): no visible page heading, still one for screen readers', async () => {
    openAs('IN', 'en', `${AGREEMENT}&embed=1`);
    await agreementText();
    const heading = screen.getByRole('heading', { level: 1, name: 'Loan agreement' });
    expect(heading.classList.contains('visually-hidden')).toBe(true);
    expect(screen.getByRole('main').classList.contains('is-embedded')).toBe(true);
  });

  it('draws its frame while the agreement loads', async () => {
    openAs('IN', 'en');
    expect(screen.getByRole('status').textContent).toBe('Loading the agreement…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    await agreementText();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
