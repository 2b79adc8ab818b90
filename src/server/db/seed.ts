import { offerText } from '../../shared/domain/market-offer.ts';
import type { Market } from '../../shared/markets.ts';
import type { ObjectStorage } from '../adapters/storage.ts';
import type { Sealer } from '../crypto/sealed.ts';
import { hashPassword } from '../modules/staff/staff.service.ts';
import type { Db } from './client.ts';
import { borrowers, channelTemplates, siteConfigs, staffUsers } from './schema.ts';
import { seedBankAccounts } from './seed-bank-accounts.ts';
import { seedBankCards } from './seed-cards.ts';
import { DEMO_BORROWERS, seedSupport } from './seed-support.ts';
import { seedDemoVerification } from './seed-verification.ts';

/** Company details each market starts with; operators change them in the back office. */
export const DEFAULT_SITE_CONFIG: Record<Market, typeof siteConfigs.$inferInsert> = {
  IN: {
    market: 'IN',
    companyName: 'Kredito Finance India Private Limited',
    phone: '+91 80 4718 2200',
    email: 'support@kredito.in',
    address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103',
    brandColour: '#0DCC86',
    appName: 'Kredito',
    policyUrl: 'https://www.kredito.in/legal/privacy',
    licence:
      'A Non-Banking Financial Company registered with the Reserve Bank of India, Certificate of Registration No. N-02.00512',
    storeUrl: 'https://play.google.com/store/apps/details?id=in.kredito.app',
  },
  ID: {
    market: 'ID',
    companyName: 'PT Kredito Teknologi Indonesia',
    phone: '+62 21 5098 7700',
    email: 'cs@kredito.co.id',
    address: 'Menara Kuningan Lt. 12, Jl. H.R. Rasuna Said Kav. 5, Jakarta Selatan 12940',
    brandColour: '#0DCC86',
    appName: 'Kredito',
    policyUrl: 'https://www.kredito.co.id/legal/privasi',
    licence:
      'Berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK) berdasarkan Keputusan Dewan Komisioner OJK Nomor KEP-41/D.06/2023',
    storeUrl: 'https://play.google.com/store/apps/details?id=id.kredito.app',
  },
};

/** Demo borrowers per market (seed-support.ts); the first is the default demo sign-in. */
export { DEMO_BORROWERS };

/**
 * Idempotent: safe on every start; never overwrites what operators changed. With a storage, demo
 * complaints also get a reply image.
 */
export async function seed(
  db: Db,
  storage: ObjectStorage | null = null,
  /**
   * `borrowersPerMarket`: how many of each market's demo borrowers to create (demo mode; at least the
   * first one always exists). `sealer`: the app's (DATA_KEY), so the demo borrowers' sealed numbers open;
   * without one they are sealed under a key nobody keeps (tests that never open them).
   */
  opts: {
    demo?: boolean;
    borrowersPerMarket?: number;
    /**
     * The data key's sealer: with it, the demo borrowers' identity numbers are sealed under it and they
     * get verified bank accounts (decisions 064, 065).
     */
    sealer?: Sealer;
  } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(siteConfigs).values(Object.values(DEFAULT_SITE_CONFIG)).onConflictDoNothing();
    await tx
      .insert(borrowers)
      .values(
        (Object.keys(DEMO_BORROWERS) as Market[]).flatMap((market) =>
          DEMO_BORROWERS[market]
            .slice(0, opts.demo ? Math.max(1, opts.borrowersPerMarket ?? 1) : 1)
            .map((b) => ({ market, ...b })),
        ),
      )
      .onConflictDoNothing();
  });
  await seedDemoVerification(db, opts.sealer);
  await seedSupport(db, storage);
  await seedBankCards(db);
  if (opts.sealer) await seedBankAccounts(db, opts.sealer);
  await seedChannelTemplates(db);
  if (opts.demo) await seedDemoStaff(db);
}

/** Demo staff accounts with published passwords: only ever created in demo mode. */
export const DEMO_STAFF = [
  {
    email: 'admin@kredito.test',
    name: 'Anita Admin',
    role: 'admin',
    markets: 'IN,ID',
    password: 'Admin!2345',
  },
  {
    email: 'agent.in@kredito.test',
    name: 'Rahul Agent',
    role: 'agent',
    markets: 'IN',
    password: 'Agent!2345',
  },
  { email: 'agent.id@kredito.test', name: 'Dewi Agen', role: 'agent', markets: 'ID', password: 'Agent!2345' },
] as const;

async function seedDemoStaff(db: Db): Promise<void> {
  const existing = await db.select({ email: staffUsers.email }).from(staffUsers);
  const missing = DEMO_STAFF.filter((s) => !existing.some((e) => e.email === s.email));
  for (const { password, ...s } of missing) {
    await db
      .insert(staffUsers)
      .values({ ...s, passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
  }
}

/**
 * One promotion channel per market (`/promotion?id=1` India, `?id=2` Indonesia) so the landing works out
 * of the box; operators add their own. Only into an empty table: their edits are never overwritten.
 */
async function seedChannelTemplates(db: Db): Promise<void> {
  const [any] = await db.select({ id: channelTemplates.id }).from(channelTemplates).limit(1);
  if (any) return;
  await db.insert(channelTemplates).values([
    {
      market: 'IN',
      name: 'Default India',
      // The market's offer (decision 058); operators' own templates say what they choose.
      headline: `Instant loans up to ${offerText('IN', 'en').max}`,
      subline: `Register in a minute; approved loans reach your bank account within ${offerText('IN', 'en').payout}.`,
      androidUrl: 'https://play.google.com/store/apps/details?id=in.kredito.app',
      iosUrl: 'https://apps.apple.com/in/app/kredito/id6450000001',
      appName: 'Kredito',
    },
    {
      market: 'ID',
      name: 'Default Indonesia',
      headline: `Pinjaman cepat hingga ${offerText('ID', 'id').max}`,
      subline: `Daftar dalam satu menit; pinjaman yang disetujui cair ke rekening Anda dalam ${offerText('ID', 'id').payout}.`,
      androidUrl: 'https://play.google.com/store/apps/details?id=id.kredito.app',
      iosUrl: 'https://apps.apple.com/id/app/kredito/id6450000002',
      appName: 'Kredito',
    },
  ]);
}
