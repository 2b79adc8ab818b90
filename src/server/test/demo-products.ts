import { and, eq } from 'drizzle-orm';
import type { Market } from '../../shared/markets.ts';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { DEMO_PRODUCTS } from '../db/seed-loans.ts';

/** The id of the market's `index`-th demo product (as `seedOrder`'s `product` counts them). */
export async function demoProductId(db: Db, market: Market, index: number): Promise<number> {
  const [p] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.market, market), eq(products.code, DEMO_PRODUCTS[market][index]!.code)));
  return p!.id;
}
