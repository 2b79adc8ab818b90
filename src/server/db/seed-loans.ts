import { eq, isNull, sql } from 'drizzle-orm';
import { allocatePayment, balanceOf } from '../../shared/domain/ledger.ts';
import type { OrderOperation } from '../../shared/domain/order-lifecycle.ts';
import { quoteLoan } from '../../shared/domain/pricing.ts';
import {
  MARKET_CAPS,
  type ProductCopy,
  productProblems,
  type StoredTerms,
  termsOf,
} from '../../shared/domain/product.ts';
import { addDays, marketDay, startOfMarketDay } from '../../shared/domain/time.ts';
import { MARKET_INFO, type Market } from '../../shared/markets.ts';
import { orderEngine } from '../modules/orders/order-engine.ts';
import type { Db } from './client.ts';
import { orders, paymentAllocations, payments, products } from './schema.ts';

/**
 * Demo loan products per market and the demo borrowers' orders, made through the order engine so that
 * every order has its terms, its quote and a history from `submit` on (issue 8). Idempotent.
 */

const DAY = 86_400_000;

const copy = (en: [string, string[]], id: [string, string[]]): ProductCopy => ({
  en: { description: en[0], tags: en[1] },
  id: { description: id[0], tags: id[1] },
});

/** India: terms 91-365 days (the loan terms of spec §9), the late fee ₹1,000 / ₹800, tiered late charges. */
const IN_LATE = {
  lateFee: { newBorrower: 100_000, repeatBorrower: 80_000 },
  // Spec §9 reads "daily late interest 5 % / 4 % / 2 %"; charged per day that would be 5 % of the overdue
  // amount every day. We read them as monthly rates accrued daily (decision 030), pending the product
  // owner's and counsel's word; the key facts show exactly what is charged.
  lateChargeTiers: [
    { fromDay: 1, dailyPpm: 1_667 },
    { fromDay: 31, dailyPpm: 1_333 },
    { fromDay: 91, dailyPpm: 667 },
  ],
  coolingOffDays: 3,
  earlyRepaymentMinDay: 7,
  earlyRepaymentMinTermBp: 5_000,
};
/** Indonesia: no late fee; the daily late charge at the OJK cap of 0.1 % at most. */
const ID_LATE = {
  lateChargeTiers: [{ fromDay: 1, dailyPpm: 1_000 }],
  coolingOffDays: 2,
  earlyRepaymentMinDay: 7,
  earlyRepaymentMinTermBp: 5_000,
};

interface ProductSeed {
  code: string;
  name: string;
  terms: StoredTerms;
  copy: ProductCopy;
  dailyQuota?: number;
}

/**
 * Together each market's products lend exactly its offer's range (MARKET_OFFER, decision 058): what the
 * site and the app claim. Their copy promises nothing the offer does not (no "same-day payout").
 */
export const DEMO_PRODUCTS: Record<Market, ProductSeed[]> = {
  IN: [
    {
      code: 'kredito-flex',
      name: 'Kredito Flex',
      terms: {
        amountMin: 500_000,
        amountMax: 5_000_000,
        amountStep: 100_000,
        termDays: [91, 120, 180],
        installments: 3,
        dailyInterestPpm: 800,
        fees: [{ name: 'processing', rateBp: 200, timing: 'upfront' }],
        extension: { feeBp: 500, days: 14 },
        ...IN_LATE,
      },
      copy: copy(
        ['Three easy instalments, no collateral.', ['No collateral', 'Three instalments']],
        ['Tiga cicilan ringan, tanpa jaminan.', ['Tanpa jaminan', 'Tiga cicilan']],
      ),
    },
    {
      code: 'kredito-salary',
      name: 'Salary Advance',
      terms: {
        amountMin: 200_000,
        amountMax: 2_500_000,
        amountStep: 50_000,
        termDays: [91],
        installments: 1,
        dailyInterestPpm: 600,
        fees: [{ name: 'processing', rateBp: 150, timing: 'upfront' }],
        extension: { feeBp: 300, days: 7 },
        ...IN_LATE,
      },
      copy: copy(
        ['An advance on your salary, repaid in one go.', ['For salaried', 'Low rate']],
        ['Uang muka gaji, dibayar sekaligus.', ['Untuk karyawan', 'Bunga rendah']],
      ),
    },
    {
      code: 'kredito-plus',
      name: 'Kredito Plus',
      terms: {
        amountMin: 1_000_000,
        amountMax: 8_000_000,
        amountStep: 500_000,
        termDays: [120, 180, 365],
        installments: 6,
        dailyInterestPpm: 650,
        fees: [{ name: 'processing', rateBp: 250, timing: 'upfront' }],
        ...IN_LATE,
      },
      copy: copy(
        ['Larger amounts over six instalments.', ['Up to ₹80,000']],
        ['Jumlah lebih besar dalam enam cicilan.', ['Hingga ₹80,000']],
      ),
    },
    {
      code: 'festive-loan',
      name: 'Festive Loan',
      terms: {
        amountMin: 300_000,
        amountMax: 3_000_000,
        amountStep: 100_000,
        termDays: [91, 120],
        installments: 1,
        dailyInterestPpm: 700,
        fees: [{ name: 'service', rateBp: 100, timing: 'added' }],
        ...IN_LATE,
      },
      copy: copy(
        ['For the festival season: shop now, repay after.', []],
        ['Untuk musim perayaan: belanja sekarang, bayar nanti.', []],
      ),
    },
    {
      code: 'kredito-mini',
      name: 'Kredito Mini',
      terms: {
        amountMin: 200_000,
        amountMax: 1_000_000,
        amountStep: 50_000,
        termDays: [91],
        installments: 1,
        dailyInterestPpm: 500,
        fees: [{ name: 'processing', rateBp: 100, timing: 'upfront' }],
        ...IN_LATE,
      },
      copy: copy(['Small amounts for everyday needs.', []], ['Pinjaman kecil untuk kebutuhan harian.', []]),
    },
    {
      code: 'home-repair',
      name: 'Home Repair Loan',
      dailyQuota: 50,
      terms: {
        amountMin: 2_000_000,
        amountMax: 8_000_000,
        amountStep: 1_000_000,
        termDays: [180, 365],
        installments: 6,
        dailyInterestPpm: 550,
        fees: [{ name: 'processing', rateBp: 200, timing: 'upfront' }],
        ...IN_LATE,
      },
      copy: copy(
        ['Fix the roof before the monsoon. Limited applications each day.', []],
        ['Perbaiki atap sebelum musim hujan. Pengajuan terbatas setiap hari.', []],
      ),
    },
  ],
  ID: [
    {
      code: 'kredito-kilat',
      name: 'Kredito Kilat',
      terms: {
        amountMin: 100_000_000,
        amountMax: 500_000_000,
        amountStep: 10_000_000,
        termDays: [30, 60, 91],
        installments: 1,
        dailyInterestPpm: 600,
        fees: [{ name: 'service', rateBp: 100, timing: 'added' }],
        extension: { feeBp: 70, days: 7 },
        ...ID_LATE,
      },
      copy: copy(
        ['Fast cash, repaid in one payment.', ['Fast approval', 'OJK caps']],
        ['Dana cepat, dibayar sekali lunas.', ['Cepat cair', 'Sesuai batas OJK']],
      ),
    },
    {
      code: 'kredito-usaha',
      name: 'Modal Usaha',
      terms: {
        amountMin: 100_000_000,
        amountMax: 1_000_000_000,
        amountStep: 50_000_000,
        termDays: [91, 120, 180],
        installments: 3,
        dailyInterestPpm: 500,
        fees: [{ name: 'service', rateBp: 200, timing: 'upfront' }],
        extension: { feeBp: 70, days: 7 },
        ...ID_LATE,
      },
      copy: copy(
        ['Working capital for small businesses, in three instalments.', ['For traders']],
        ['Modal kerja untuk usaha kecil, dalam tiga cicilan.', ['Untuk pedagang']],
      ),
    },
    {
      code: 'kredito-plus',
      name: 'Kredito Plus',
      terms: {
        amountMin: 200_000_000,
        amountMax: 1_500_000_000,
        amountStep: 100_000_000,
        termDays: [91, 180],
        installments: 3,
        dailyInterestPpm: 450,
        fees: [{ name: 'service', rateBp: 150, timing: 'upfront' }],
        ...ID_LATE,
      },
      copy: copy(
        ['Larger amounts over three instalments.', []],
        ['Jumlah lebih besar dalam tiga cicilan.', []],
      ),
    },
    {
      code: 'dana-pendidikan',
      name: 'Dana Pendidikan',
      terms: {
        amountMin: 100_000_000,
        amountMax: 800_000_000,
        amountStep: 50_000_000,
        termDays: [91, 120],
        installments: 1,
        dailyInterestPpm: 400,
        fees: [{ name: 'service', rateBp: 100, timing: 'added' }],
        ...ID_LATE,
      },
      copy: copy(['School fees and books.', []], ['Biaya sekolah dan buku.', []]),
    },
    {
      code: 'kredito-mini',
      name: 'Kredito Mini',
      terms: {
        amountMin: 100_000_000,
        amountMax: 200_000_000,
        amountStep: 10_000_000,
        termDays: [30, 60],
        installments: 1,
        dailyInterestPpm: 700,
        fees: [{ name: 'service', rateBp: 50, timing: 'added' }],
        ...ID_LATE,
      },
      copy: copy(['Small amounts for everyday needs.', []], ['Pinjaman kecil untuk kebutuhan harian.', []]),
    },
    {
      code: 'dana-renovasi',
      name: 'Dana Renovasi',
      dailyQuota: 50,
      terms: {
        amountMin: 500_000_000,
        amountMax: 1_500_000_000,
        amountStep: 100_000_000,
        termDays: [180, 270],
        installments: 6,
        dailyInterestPpm: 400,
        fees: [{ name: 'service', rateBp: 100, timing: 'upfront' }],
        ...ID_LATE,
      },
      copy: copy(
        ['Renovate your home in six instalments. Limited applications each day.', []],
        ['Renovasi rumah dalam enam cicilan. Pengajuan terbatas setiap hari.', []],
      ),
    },
  ],
};

/**
 * Adds the demo products, on offer, with their terms (as version 1, decision 046); checks each against the
 * market's caps first.
 */
export async function seedProducts(db: Db, market: Market): Promise<Map<string, number>> {
  for (const [sort, p] of DEMO_PRODUCTS[market].entries()) {
    const problems = productProblems(market, p.terms);
    if (problems.length > 0) throw new Error(`demo product ${p.code}: ${JSON.stringify(problems)}`);
    await db
      .insert(products)
      .values({
        market,
        code: p.code,
        name: p.name,
        logoUrl: '/favicon.svg',
        terms: p.terms,
        copy: p.copy,
        enabled: true,
        sort,
        dailyQuota: p.dailyQuota ?? null,
      })
      // Rows from before products had terms (issue 8) get them; an operator's later edits are kept.
      .onConflictDoUpdate({
        target: [products.market, products.code],
        set: { terms: p.terms, copy: p.copy, enabled: true, sort, dailyQuota: p.dailyQuota ?? null },
        setWhere: isNull(products.terms),
      });
  }
  // Each product's current terms are a version: the seed's own, and any a database lacks.
  await db.execute(sql`
    insert into product_versions (product_id, version, terms)
    select id, terms_version, terms from products where market = ${market} and terms is not null
    on conflict (product_id, version) do nothing`);
  const rows = await db
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(eq(products.market, market));
  return new Map(rows.map((r) => [r.code, r.id]));
}

export interface DemoOrder {
  orderNo: string;
  /** Index into the market's DEMO_PRODUCTS. */
  product: number;
  status: 21 | 151 | 110 | 170 | 174 | 180 | 200;
  amountMinor: number;
  termDays: number;
  /** How long ago the borrower confirmed it (for 174/180 the payout date follows from the due date). */
  createdDaysAgo: number;
}

/**
 * Makes one demo order through the engine, at the times its story needs: confirmed, approved, paid out,
 * fallen due, late or settled. The payout of a due order is placed so its first due date is today; a
 * late one's five days ago. Does nothing when the order number exists.
 */
export async function seedOrder(
  db: Db,
  market: Market,
  borrowerId: number,
  productId: number,
  o: DemoOrder,
  now: number,
) {
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, o.orderNo));
  if (exists) return;
  const p = DEMO_PRODUCTS[market][o.product]!;
  const quote = quoteLoan(termsOf(market, p.terms), o.amountMinor, o.termDays, MARKET_CAPS[market]);
  const firstDue = quote.schedule[0]!.dueDay;
  const engine = orderEngine(db);
  const today = marketDay(new Date(now), market);
  const noonOf = (day: string) => new Date(startOfMarketDay(day, market).getTime() + DAY / 2);
  // When the money went out: so that the first due date lands where the story wants it.
  const paidOut =
    o.status === 174
      ? noonOf(addDays(today, -firstDue))
      : o.status === 180
        ? noonOf(addDays(today, -firstDue - 5))
        : new Date(now - o.createdDaysAgo * DAY + 3 * 3_600_000);
  const created =
    o.status === 174 || o.status === 180
      ? new Date(paidOut.getTime() - 3 * 3_600_000)
      : new Date(now - o.createdDaysAgo * DAY);
  const { orderId } = await engine.submit(
    {
      orderNo: o.orderNo,
      borrowerId,
      productId,
      market,
      amountMinor: o.amountMinor,
      termDays: o.termDays,
      terms: p.terms,
      // The demo's own terms: the version the seed wrote for the product.
      termsVersion: 1,
      quote,
      requestKey: null,
      collectionAllowed: false,
    },
    `borrower:${borrowerId}`,
    created,
  );
  const step = (op: Exclude<OrderOperation, 'submit'>, at: Date, reason?: string) =>
    engine.apply(orderId, op, 'system:seed', { now: at, ...(reason ? { reason } : {}) });
  const hour = (h: number) => new Date(created.getTime() + h * 3_600_000);
  if (o.status === 21) return;
  if (o.status === 110) {
    // A reason from the list, as the back office gives one (issue 29): the borrower's loan details show it.
    await engine.apply(orderId, 'reject', 'system:seed', { now: hour(2), reasonCode: 'incomeUnverified' });
    return;
  }
  await step('approve', hour(1));
  if (o.status === 151) return;
  await step('disburse', paidOut);
  if (o.status === 170) return;
  const dueDay = addDays(marketDay(paidOut, market), firstDue);
  await step('fallDue', startOfMarketDay(dueDay, market));
  if (o.status === 174) return;
  if (o.status === 180) {
    await step('goOverdue', startOfMarketDay(addDays(dueDay, 1), market));
    return;
  }
  // Settled the way a borrower settles: one payment of everything owed, allocated by the ledger, so the
  // loan's plan shows its periods paid and the back office its payment.
  const paidAt = new Date(startOfMarketDay(dueDay, market).getTime() + 10 * 3_600_000);
  const paymentId = `seed-${o.orderNo}`;
  const { allocations } = allocatePayment(
    balanceOf(quote.schedule, { late_fee: 0, late_charge: 0 }, []),
    quote.totalRepayable,
  );
  // One transaction, as crediting is: the payment, its allocations and the settlement.
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [payment] = await tx
      .insert(payments)
      .values({
        providerPaymentId: paymentId,
        eventId: paymentId,
        vcode: paymentId,
        orderId,
        amountMinor: quote.totalRepayable,
        currency: MARKET_INFO[market].currency,
        paidAt,
        state: 'credited',
        createdAt: paidAt,
      })
      .returning({ id: payments.id });
    await tx.insert(paymentAllocations).values(
      allocations.map((a) => ({
        paymentId: payment!.id,
        orderId,
        period: a.period,
        component: a.component,
        amountMinor: a.amount,
        createdAt: paidAt,
      })),
    );
    await engine.apply(orderId, 'settle', 'system:seed', { now: paidAt, reason: `payment ${paymentId}`, tx });
  });
}
