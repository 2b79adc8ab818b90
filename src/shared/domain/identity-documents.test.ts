import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkAadhaar,
  checkAccountNumber,
  checkBirthDate,
  checkIfsc,
  checkNik,
  checkPan,
  ID_PROVINCE_CODES,
  meetsIncomeFloor,
  namesMatch,
  nameWords,
  verhoeffCheckDigit,
  verhoeffValid,
} from './identity-documents.ts';

describe('PAN', () => {
  it.each([
    ['ABCPE1234F', 'ABCPE1234F'],
    [' abcpe 1234 f ', 'ABCPE1234F'],
  ])('takes %j as %s', (input, pan) => {
    expect(checkPan(input)).toEqual({ ok: true, value: pan });
  });

  it.each([
    ['ABCDE1234', 'format'],
    ['ABCP1234FF', 'format'],
    ['ABCPE12345', 'format'],
    ['ABCPE1234F1', 'format'],
    ['ABCPÉ1234F', 'format'],
    ['ABCCE1234F', 'notPerson'],
    ['ABCTE1234F', 'notPerson'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(checkPan(input)).toEqual({ ok: false, reason });
  });
});

describe('Aadhaar', () => {
  it("computes Verhoeff's check digit (236 → 2363)", () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
  });

  it('catches every single-digit error and every swap of neighbours (what the generated tables are for)', () => {
    const valid = '234567890124';
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        expect(verhoeffValid(`${valid.slice(0, i)}${d}${valid.slice(i + 1)}`)).toBe(false);
      }
      if (i + 1 < valid.length && valid[i] !== valid[i + 1])
        expect(verhoeffValid(`${valid.slice(0, i)}${valid[i + 1]}${valid[i]}${valid.slice(i + 2)}`)).toBe(
          false,
        );
    }
    expect(verhoeffCheckDigit('23456789012')).toBe('4');
  });

  it('keeps only the last four digits of a valid number', () => {
    expect(checkAadhaar('2345 6789 0124')).toEqual({ ok: true, value: '0124' });
  });

  it.each([
    ['234567890125', 'checksum'],
    ['134567890124', 'format'],
    ['034567890124', 'format'],
    ['23456789012', 'format'],
    ['2345678901245', 'format'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(checkAadhaar(input)).toEqual({ ok: false, reason });
  });
});

describe('NIK', () => {
  // Jakarta (31), born 17 August 1995.
  const man = '3174051708950001';
  const woman = '3174055708950002';

  it("takes a man's and a woman's NIK whose date agrees with the birth date", () => {
    expect(checkNik(man, '1995-08-17', 'male')).toEqual({ ok: true, value: man });
    expect(checkNik(woman, '1995-08-17', 'female')).toEqual({ ok: true, value: woman });
    expect(checkNik('3174 0517 0895 0001', '1995-08-17', 'male').ok).toBe(true);
  });

  it('refuses the other gender, another date, an unknown province and a bad shape', () => {
    expect(checkNik(man, '1995-08-17', 'female')).toEqual({ ok: false, reason: 'gender' });
    expect(checkNik(woman, '1995-08-17', 'male')).toEqual({ ok: false, reason: 'gender' });
    expect(checkNik(man, '1995-08-18', 'male')).toEqual({ ok: false, reason: 'birthDate' });
    expect(checkNik(man, '1995-09-17', 'male')).toEqual({ ok: false, reason: 'birthDate' });
    expect(checkNik(man, '1996-08-17', 'male')).toEqual({ ok: false, reason: 'birthDate' });
    expect(checkNik('9974051708950001', '1995-08-17', 'male')).toEqual({ ok: false, reason: 'province' });
    expect(checkNik('2074051708950001', '1995-08-17', 'male')).toEqual({ ok: false, reason: 'province' });
    expect(checkNik('317405170895000', '1995-08-17', 'male')).toEqual({ ok: false, reason: 'format' });
    expect(checkNik('3174051708950000', '1995-08-17', 'male')).toEqual({ ok: false, reason: 'format' });
    expect(checkNik('31740517089500a1', '1995-08-17', 'male')).toEqual({ ok: false, reason: 'format' });
  });

  it("knows the 38 provinces' codes, the 2022 Papuan ones included", () => {
    expect(ID_PROVINCE_CODES.size).toBe(38);
    for (const code of ['11', '31', '36', '64', '65', '92', '93', '96'])
      expect(ID_PROVINCE_CODES.has(code)).toBe(true);
    for (const code of ['10', '20', '37', '90', '97']) expect(ID_PROVINCE_CODES.has(code)).toBe(false);
  });
});

describe('age and date of birth', () => {
  it('counts whole years, a birthday from its own day', () => {
    expect(ageOn('2008-11-28', '2026-11-27')).toBe(17);
    expect(ageOn('2008-11-28', '2026-11-28')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('takes an adult, refuses a minor by a day, and refuses days that do not exist', () => {
    expect(checkBirthDate('2008-11-28', '2026-11-28')).toEqual({ ok: true, value: '2008-11-28' });
    expect(checkBirthDate('2008-11-29', '2026-11-28')).toEqual({ ok: false, reason: 'minor' });
    for (const bad of ['2001-02-29', '1999-13-01', '1999-1-01', '28-11-1990', '1899-12-31', '2030-01-01', ''])
      expect(checkBirthDate(bad, '2026-11-28'), bad).toEqual({ ok: false, reason: 'format' });
  });
});

describe('income floor (product brief §1)', () => {
  it('India: ₹12,000 a month; Indonesia: Rp 5,000,000 a year', () => {
    expect(meetsIncomeFloor('IN', 1_200_000)).toBe(true);
    expect(meetsIncomeFloor('IN', 1_199_999)).toBe(false);
    expect(meetsIncomeFloor('ID', 500_000_000)).toBe(true);
    expect(meetsIncomeFloor('ID', 499_999_900)).toBe(false);
    expect(meetsIncomeFloor('IN', Number.NaN)).toBe(false);
    expect(meetsIncomeFloor('IN', 1.5e6 + 0.5)).toBe(false);
  });
});

describe('bank accounts', () => {
  it('IFSC: four letters, a zero, six letters or digits', () => {
    expect(checkIfsc('sbin0001234')).toEqual({ ok: true, value: 'SBIN0001234' });
    expect(checkIfsc('HDFC0ABC123')).toEqual({ ok: true, value: 'HDFC0ABC123' });
    for (const bad of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345', 'SBIN0-01234'])
      expect(checkIfsc(bad), bad).toEqual({ ok: false, reason: 'format' });
  });

  it("account numbers within each market's lengths, never all zeros", () => {
    expect(checkAccountNumber('IN', '1234 5678 9')).toEqual({ ok: true, value: '123456789' });
    expect(checkAccountNumber('IN', '12345678').ok).toBe(false);
    expect(checkAccountNumber('IN', '1'.repeat(19)).ok).toBe(false);
    expect(checkAccountNumber('ID', '12345678').ok).toBe(true);
    expect(checkAccountNumber('ID', '0000000000').ok).toBe(false);
    expect(checkAccountNumber('ID', '12345678a0').ok).toBe(false);
  });
});

describe('account holder name against the verified identity (decision 062)', () => {
  it('compares words without case, diacritics, punctuation and titles', () => {
    expect(nameWords('Bpk. Budi  Santoso')).toEqual(['BUDI', 'SANTOSO']);
    expect(nameWords('Śrīnivās Nāyak')).toEqual(['SRINIVAS', 'NAYAK']);
  });

  it.each([
    ['Śrīnivās Nāyak', 'SRINIVAS NAYAK'],
    ['Rahul Sharma', 'SHARMA RAHUL'],
    ['Rahul Sharma', 'MR R SHARMA'],
    ['Rahul Kumar Sharma', 'RAHUL SHARMA'],
    ['Siti Nurhaliza', 'SITI NURHALIZAH'],
    ['Sukarno', 'SUKARNO'],
    ['Nguyễn Văn An', 'NGUYEN VAN AN'],
  ])('%s is %s', (verified, holder) => {
    expect(namesMatch(verified, holder)).toBe(true);
  });

  it.each([
    ['Rahul Sharma', 'ROHIT SHARMA'],
    ['Rahul Sharma', 'SHARMA'],
    ['Sukarno', 'SUKARNO PUTRA'],
    ['Rahul Kumar Sharma', 'RAHUL'],
    ['Budi Santoso', 'BUDI SANTOSO WIJAYA KUSUMA'],
    ['R Sharma', 'RAHUL S'],
    ['Ana Lim', 'ANI LIM'],
    ['Rahul Sharma', ''],
  ])('%s is not %s', (verified, holder) => {
    expect(namesMatch(verified, holder)).toBe(false);
  });
});
