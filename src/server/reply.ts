import { OK, OK_00 } from '../shared/contract/reply-codes.ts';

/** Success envelope with code 0 (most families). */
export function ok<T>(data: T, message = 'success') {
  return { code: OK, data, message };
}

/** Success envelope with code '00' (template, recommend-list, apply and /indah families, spec §8). */
export function ok00<T>(data: T, message = 'success') {
  return { code: OK_00, data, message };
}
