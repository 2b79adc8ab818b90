import type { Market } from '../../shared/markets.ts';
import type { ObjectStorage } from '../adapters/storage.ts';
import type { Db } from './client.ts';
import { borrowers, siteConfigs } from './schema.ts';
import { seedSupport } from './seed-support.ts';

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
  },
};

/** Demo borrowers: one per market, signed in by the simulator's demo sign-in. */
export const DEMO_BORROWERS: Record<Market, { phone: string; name: string }> = {
  IN: { phone: '9876543210', name: 'Priya Sharma' },
  ID: { phone: '081234567890', name: 'Siti Rahmawati' },
};

/**
 * Idempotent: safe on every start; never overwrites what operators changed. With a storage, demo
 * complaints also get a reply image.
 */
export async function seed(db: Db, storage: ObjectStorage | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(siteConfigs).values(Object.values(DEFAULT_SITE_CONFIG)).onConflictDoNothing();
    await tx
      .insert(borrowers)
      .values(
        (Object.keys(DEMO_BORROWERS) as Market[]).map((market) => ({ market, ...DEMO_BORROWERS[market] })),
      )
      .onConflictDoNothing();
  });
  await seedSupport(db, storage);
}
