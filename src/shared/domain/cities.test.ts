import { describe, expect, it } from 'vitest';
import { findCity, REGIONS } from './cities.ts';
import { ID_PROVINCE_CODES } from './identity-documents.ts';

describe('the city list (decision 064)', () => {
  it('codes are unique within each market and each region ends with "Other"', () => {
    for (const regions of Object.values(REGIONS)) {
      const codes = regions.flatMap((r) => r.cities.map((c) => c.code));
      expect(new Set(codes).size).toBe(codes.length);
      expect(new Set(regions.map((r) => r.code)).size).toBe(regions.length);
      for (const r of regions) expect(r.cities.at(-1)!.name).toBe('Other');
    }
  });

  it('Indonesia’s provinces carry the NIK’s province codes', () => {
    for (const r of REGIONS.ID) expect(ID_PROVINCE_CODES.has(r.code), r.name).toBe(true);
  });

  it('finds a city only in its own market', () => {
    expect(findCity('IN', 'KA-BENGALURU')).toMatchObject({
      city: 'Bengaluru',
      region: { name: 'Karnataka' },
    });
    expect(findCity('ID', 'KA-BENGALURU')).toBeNull();
    expect(findCity('ID', '31-KOTAJAKARTASELATAN')?.region.name).toBe('DKI Jakarta');
    expect(findCity('IN', '')).toBeNull();
  });
});
