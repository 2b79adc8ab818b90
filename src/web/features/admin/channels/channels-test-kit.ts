import type {
  AdminTemplate,
  FunnelData,
  FunnelDay,
} from '../../../../shared/contract/channels-admin-schema.ts';

/** Templates and funnels as the server sends them, for the channel screens' tests. */

export function inTemplate(overrides: Partial<AdminTemplate> = {}): AdminTemplate {
  return {
    id: 5,
    market: 'IN',
    name: 'Diwali partners',
    headline: 'Loans up to ₹50,000 in 2 hours',
    subline: 'Register with your mobile number.',
    bannerUrl: '',
    theme: { primary: '#087a50', background: '#e8f8f1' },
    androidUrl: 'https://play.google.com/store/apps/details?id=in.kredito.app',
    iosUrl: '',
    appName: 'Kredito',
    enabled: true,
    createdAt: '2026-11-01T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.123Z',
    ...overrides,
  };
}

export function idTemplate(overrides: Partial<AdminTemplate> = {}): AdminTemplate {
  return inTemplate({
    id: 9,
    market: 'ID',
    name: 'Mitra Lebaran',
    headline: 'Pinjaman hingga Rp 5 juta',
    subline: 'Daftar dengan nomor ponsel Anda.',
    androidUrl: 'https://play.google.com/store/apps/details?id=id.kredito.app',
    enabled: false,
    ...overrides,
  });
}

const day = (d: string, v: number, c: number, s: number, r: number, conversion: number): FunnelDay => ({
  day: d,
  visits: v,
  clicks: c,
  codes: s,
  registrations: r,
  conversion,
});

/** Three days of one template: a busy one, an empty one, a small one. */
export function funnelData(overrides: Partial<FunnelData> = {}): FunnelData {
  return {
    market: 'IN',
    templateId: 5,
    from: '2026-11-10',
    to: '2026-11-12',
    days: [
      day('2026-11-10', 1200, 300, 96, 150, 12.5),
      day('2026-11-11', 0, 0, 0, 0, 0),
      day('2026-11-12', 3, 2, 2, 2, 66.7),
    ],
    totals: { visits: 1203, clicks: 302, codes: 98, registrations: 152, conversion: 12.6 },
    ...overrides,
  };
}

/** A range with nothing in it: every day at zero. */
export function emptyFunnel(): FunnelData {
  return funnelData({
    days: ['2026-11-10', '2026-11-11', '2026-11-12'].map((d) => day(d, 0, 0, 0, 0, 0)),
    totals: { visits: 0, clicks: 0, codes: 0, registrations: 0, conversion: 0 },
  });
}
