import { describe, expect, it } from 'vitest';
import { admin } from '../../../shared/i18n/admin.ts';
import { complaints } from '../../../shared/i18n/complaints.ts';

function strings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node !== 'object' || node === null) return [];
  return Object.values(node).flatMap(strings);
}

describe('back-office copy in Indonesian', () => {
  it('calls a complaint what the borrower app calls it', () => {
    // The borrower app's word, so that operators and borrowers speak of the same thing.
    expect(complaints.id.screens.entry.title).toBe('Pengaduan');
    const offending = strings(admin.id).filter((s) => /keluhan/i.test(s));
    expect(offending).toEqual([]);
    expect(admin.id.nav.complaints).toBe('Pengaduan');
  });
});
