import { eq } from 'drizzle-orm';
import type { Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages, siteConfigs } from '../../db/schema.ts';

export function siteRepository(db: Db) {
  return {
    async getConfig(market: Market) {
      const [row] = await db.select().from(siteConfigs).where(eq(siteConfigs.market, market));
      return row ?? null;
    },

    async insertContactMessage(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
      return row!;
    },
  };
}
export type SiteRepository = ReturnType<typeof siteRepository>;
