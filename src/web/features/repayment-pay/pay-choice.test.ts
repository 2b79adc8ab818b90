import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_CHOICE_STORAGE_KEY } from '../../../shared/contract/constants.ts';
import { chooserPayType, chooserStart, manualPayChoice, writePayChoice } from './chooser-choice.ts';
import {
  DEFAULT_PAY_CHOICE,
  INDIA_DEFAULT_CHOICE,
  payPageChoice,
  readPayChoice,
  readStoredPayChoice,
} from './pay-choice.ts';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BCA = { payType: 1, payCode: 'BCA', specificNum: 2, isDefault: 0, method: 'ATM' } as const;

describe('pay choice', () => {
  it('defaults to the bank, chosen by nobody (isDefault 1), with nothing named', () => {
    expect(readPayChoice()).toEqual({ payType: 1, payCode: '', specificNum: 0, isDefault: 1, method: '' });
    expect(readStoredPayChoice()).toBeNull();
  });

  it('makes a manual choice: isDefault 0 and the place in the list + 1', () => {
    expect(manualPayChoice(1, 'BCA', 1, 'ATM')).toEqual(BCA);
    expect(manualPayChoice(2, 'INDOMARET', 0)).toEqual({
      payType: 2,
      payCode: 'INDOMARET',
      specificNum: 1,
      isDefault: 0,
      method: '',
    });
  });

  it('stores the choice under its key and reads it back', () => {
    expect(writePayChoice(manualPayChoice(1, 'BCA', 1, 'ATM'))).toBe(true);
    expect(JSON.parse(localStorage.getItem(PAY_CHOICE_STORAGE_KEY)!)).toEqual(BCA);
    expect(readPayChoice()).toEqual(BCA);
  });

  it.each([
    ['not JSON', '{payType:1'],
    ['JSON of another shape', '[1,2,3]'],
    ['an unknown pay type', JSON.stringify({ ...BCA, payType: 7 })],
    ['a pay code the server refuses', JSON.stringify({ ...BCA, payCode: 'B C A' })],
    ['an empty pay code', JSON.stringify({ ...BCA, payCode: '' })],
    ['a place that is not a whole number', JSON.stringify({ ...BCA, specificNum: 1.5 })],
    ['isDefault as text', JSON.stringify({ ...BCA, isDefault: '0' })],
    ['a method that is not text', JSON.stringify({ ...BCA, method: 3 })],
    ['null', 'null'],
  ])('falls back to the defaults for %s, without throwing', (_, raw) => {
    localStorage.setItem(PAY_CHOICE_STORAGE_KEY, raw);
    expect(readStoredPayChoice()).toBeNull();
    expect(readPayChoice()).toEqual(DEFAULT_PAY_CHOICE);
  });

  it('survives a browser that refuses storage', () => {
    localStorage.setItem(PAY_CHOICE_STORAGE_KEY, JSON.stringify(BCA));
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    expect(readPayChoice()).toEqual(DEFAULT_PAY_CHOICE);
    expect(writePayChoice(BCA)).toBe(false);
  });

  describe('per market', () => {
    it('Indonesia without a choice: the chooser opens on the bank; /that has nothing to pay with', () => {
      expect(chooserPayType('ID')).toBe(1);
      expect(chooserStart('ID')).toEqual(DEFAULT_PAY_CHOICE);
      expect(payPageChoice('ID')).toBeNull();
    });

    it('Indonesia with a store choice: both screens use it', () => {
      writePayChoice(manualPayChoice(2, 'ALFAMART', 0));
      expect(chooserPayType('ID')).toBe(2);
      expect(payPageChoice('ID')).toEqual(manualPayChoice(2, 'ALFAMART', 0));
    });

    it('India pays by UPI, chosen or not, and ignores a bank choice', () => {
      expect(payPageChoice('IN')).toEqual(INDIA_DEFAULT_CHOICE);
      expect(INDIA_DEFAULT_CHOICE).toEqual({
        payType: 3,
        payCode: 'UPI',
        specificNum: 1,
        isDefault: 1,
        method: '',
      });
      writePayChoice(BCA);
      expect(chooserPayType('IN')).toBe(3);
      expect(payPageChoice('IN')).toEqual(INDIA_DEFAULT_CHOICE);
      writePayChoice(manualPayChoice(3, 'UPI', 0));
      expect(payPageChoice('IN')!.isDefault).toBe(0);
    });

    it('Indonesia ignores a UPI choice', () => {
      writePayChoice(manualPayChoice(3, 'UPI', 0));
      expect(payPageChoice('ID')).toBeNull();
      expect(chooserPayType('ID')).toBe(1);
    });
  });
});
