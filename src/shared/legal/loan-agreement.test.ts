import { describe, expect, it } from 'vitest';
import { LANGS, MARKETS } from '../markets.ts';
import type { LegalDocument } from './legal-document.ts';
import { LOAN_AGREEMENTS, loanAgreement } from './loan-agreement.ts';

const whole = (doc: LegalDocument) =>
  [...doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...s.list, ...s.after])].join(
    ' ',
  );

const INDIA_ONLY = [/India/, /\bRBI\b/, /Reserve Bank/, /Rs\.?\s?\d/, /₹/, /Key Fact Statement/, /\bKFS\b/];
const INDONESIA_ONLY = [/\bOJK\b/, /POJK/, /SEOJK/, /LPBBTI/, /[Rr]upiah/, /RIPLAY/, /UU PDP/];

describe('loan agreements', () => {
  it('each market has its agreement in both languages, the market’s own language binding', () => {
    for (const market of MARKETS) {
      for (const lang of LANGS) {
        const doc = loanAgreement(market, lang);
        expect(doc.market).toBe(market);
        expect(doc.lang).toBe(lang);
        expect(doc.governingLang).toBe(market === 'IN' ? 'en' : 'id');
      }
    }
  });

  it('a rendering follows its original section by section, and opens by saying which text prevails', () => {
    for (const market of MARKETS) {
      const [original, rendering] =
        market === 'IN'
          ? [LOAN_AGREEMENTS.IN.en, LOAN_AGREEMENTS.IN.id]
          : [LOAN_AGREEMENTS.ID.id, LOAN_AGREEMENTS.ID.en];
      expect(rendering.sections.map((s) => [s.paragraphs.length, s.list.length, s.after.length])).toEqual(
        original.sections.map((s) => [s.paragraphs.length, s.list.length, s.after.length]),
      );
      expect(rendering.intro).toHaveLength(original.intro.length + 1);
      expect(rendering.intro[0]).toMatch(
        market === 'IN' ? /teks bahasa Inggris yang berlaku/ : /the Indonesian text prevails/,
      );
    }
  });

  it('never carries the other market’s rules, in either language', () => {
    for (const lang of LANGS) {
      const india = whole(LOAN_AGREEMENTS.IN[lang]);
      const indonesia = whole(LOAN_AGREEMENTS.ID[lang]);
      for (const marker of INDONESIA_ONLY) expect(india, `${lang}: ${marker}`).not.toMatch(marker);
      for (const marker of INDIA_ONLY) expect(indonesia, `${lang}: ${marker}`).not.toMatch(marker);
    }
  });

  it('India states the figures of spec §9 in both languages', () => {
    const figures = {
      en: [
        '91 to 365 calendar days',
        'Rs.1,000',
        'Rs.800',
        '5% per day from day 1 to day 30',
        '4% per day from day 31 to day 90',
        '2% per day from day 91',
        'not earlier than 7 days after disbursement',
        'within 1 day',
        'within 1 to 3 calendar days',
        'over 18 years',
        'within 3 days of the change',
        'within 10 days of the judgment',
        "7 business days' notice",
      ],
      id: [
        '91 sampai 365 hari kalender',
        'Rs.1,000',
        'Rs.800',
        '5% per hari pada hari ke-1 sampai ke-30',
        '4% per hari pada hari ke-31 sampai ke-90',
        '2% per hari sejak hari ke-91',
        'tidak lebih awal dari 7 hari setelah pencairan',
        'dalam 1 hari',
        'dalam 1 sampai 3 hari kalender',
        'di atas 18 tahun',
        'dalam 3 hari setelah perubahan',
        'dalam 10 hari setelah putusan',
        'paling lambat 7 hari kerja',
      ],
    };
    for (const lang of LANGS) {
      const text = whole(LOAN_AGREEMENTS.IN[lang]);
      for (const figure of figures[lang]) expect(text, lang).toContain(figure);
    }
  });

  it('Indonesia states the caps the product enforces (SEOJK 19/2023) in both languages', () => {
    expect(whole(LOAN_AGREEMENTS.ID.id)).toMatch(/0,1% per hari dari pokok[\s\S]*0,1% per hari[\s\S]*100%/);
    expect(whole(LOAN_AGREEMENTS.ID.en)).toMatch(
      /0\.1% of the principal per day[\s\S]*0\.1% per day[\s\S]*100%/,
    );
  });
});
