/**
 * The bench's portfolio (issue 31, decision 074): one market's borrowers with three orders each in every
 * state, written with set-based SQL (`insert … select` over `generate_series`) into a database the app has
 * migrated and seeded. The money is the domain's: each product's quotes, a settlement's allocations, an
 * extension's fee and an overdue loan's past late charges are computed here once per loan shape with
 * `quoteLoan`, `allocatePayment`, `extensionFee` and the late-charge job's own `lateChargeRows`, and SQL only
 * copies them onto the orders of that shape. Dates follow the order engine's: payout at noon, due at the
 * market's midnight of the due day, events for every move an order made.
 */
import pg from 'pg';
import { DEMO_PRODUCTS } from '../../src/server/db/seed-loans.ts';
import { lateChargeRows } from '../../src/server/modules/loans/loan-jobs.ts';
import { allocatePayment, balanceOf } from '../../src/shared/domain/ledger.ts';
import { ORDER_STATUS } from '../../src/shared/domain/order-status.ts';
import { extensionFee, quoteLoan } from '../../src/shared/domain/pricing.ts';
import { MARKET_CAPS, termsOf } from '../../src/shared/domain/product.ts';
import { addDays, marketDay, startOfMarketDay } from '../../src/shared/domain/time.ts';
import { MARKET_INFO, type Market } from '../../src/shared/markets.ts';

const S = ORDER_STATUS;
/** Orders per borrower, each on another product (one application in flight per product). */
export const ORDERS_PER_BORROWER = 3;
/** Longest an overdue seed loan is late: its past days' charges are booked, tonight's are the job's. */
const MAX_LATE_DAYS = 25;
/** Borrowers given a session the bench signs in with, spread over the whole seed. */
const SIGNED_IN = 2_000;

/**
 * The share of orders per state, in thousandths (cumulative bounds below): a portfolio a year into
 * lending, most loans settled or live. `extended` is a live loan whose borrower paid an extension.
 */
const MIX: Array<[state: string, perMille: number]> = [
  ['review', 30],
  ['payingOut', 20],
  ['rejected', 100],
  ['live', 300],
  ['due', 50],
  ['overdue', 100],
  ['settled', 350],
  ['extended', 50],
];

export interface PortfolioSeed {
  borrowers: number;
  orders: number;
  byStatus: Record<string, number>;
  ms: number;
  databaseBytes: number;
  /** Sessions the bench signs in with: bearer token, device id and an order of the borrower's. */
  signedIn: Array<{ token: string; deviceId: string; orderNo: string; liveOrderNo: string | null }>;
}

interface Template {
  tpl: number;
  pidx: number;
  vidx: number;
  amount: number;
  term: number;
  terms: unknown;
  quote: unknown;
  firstDue: number;
  total: number;
  allocs: unknown;
  extDays: number | null;
  extFee: number | null;
}

/** Up to four loan shapes per product: amounts across its range, each of its terms in turn. */
function templates(market: Market) {
  const out: Template[] = [];
  const late: Array<{
    tpl: number;
    repeat: boolean;
    late: number;
    kind: string;
    dayOff: number;
    amount: number;
  }> = [];
  const today = marketDay(new Date(), market);
  DEMO_PRODUCTS[market].forEach((p, pidx) => {
    const t = p.terms;
    const span = (t.amountMax - t.amountMin) / t.amountStep;
    const amounts = [0, 1 / 3, 2 / 3, 1].map((x) => t.amountMin + Math.round(span * x) * t.amountStep);
    let vidx = 0;
    for (const [i, amount] of amounts.entries()) {
      const term = t.termDays[i % t.termDays.length]!;
      const quote = quoteLoan(termsOf(market, t), amount, term, MARKET_CAPS[market]);
      const tpl = out.length;
      const firstDue = quote.schedule[0]!.dueDay;
      out.push({
        tpl,
        pidx,
        vidx: vidx++,
        amount,
        term,
        terms: t,
        quote,
        firstDue,
        total: quote.totalRepayable,
        allocs: allocatePayment(
          balanceOf(quote.schedule, { late_fee: 0, late_charge: 0 }, []),
          quote.totalRepayable,
        ).allocations,
        extDays: t.extension?.days ?? null,
        extFee: t.extension ? extensionFee(market, quote.principal, t.extension.feeBp) : null,
      });
      // An overdue loan `n` days late has had days 1 … n−1 charged by the nightly runs before tonight's.
      for (const repeat of [false, true]) {
        for (let n = 1; n <= MAX_LATE_DAYS; n++) {
          const dueDay = addDays(today, -n);
          const payout = addDays(dueDay, -firstDue);
          const facts = {
            market,
            status: S.OVERDUE,
            amountMinor: amount,
            termDays: term,
            terms: t,
            schedule: quote.schedule,
            quoteFees: quote.fees,
            lateFee: 0,
            lateCharge: 0,
            allocations: [],
            extensionDays: 0,
            disbursedAt: new Date(startOfMarketDay(payout, market).getTime() + 43_200_000).toISOString(),
            repeat,
          };
          for (const r of lateChargeRows(facts, null, addDays(today, -1)))
            late.push({
              tpl,
              repeat,
              late: n,
              kind: r.kind,
              dayOff: Math.round((Date.parse(r.chargeDay) - Date.parse(dueDay)) / 86_400_000),
              amount: r.amountMinor,
            });
        }
      }
    }
  });
  return { templates: out, late };
}

/** A pseudo-random 0…999 of an integer expression (Knuth's multiplicative hash), another per `salt`. */
const hash = (expr: string, salt: number) =>
  `((((${expr})::bigint + ${salt}) * 2654435761) % 4294967296) * 1000 / 4294967296`;

/**
 * Seeds `borrowers` borrowers of `market` and three orders each into the database at `url`, which the
 * app has already migrated and seeded (products). Statements run in one session on one connection;
 * planner statistics are brought up to date at the end.
 */
export async function seedPortfolio(
  url: string,
  opts: { market: Market; borrowers: number; tokenPrefix: string; now?: Date },
): Promise<PortfolioSeed> {
  const { market, borrowers: n } = opts;
  const now = opts.now ?? new Date();
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, params: unknown[] = []) => client.query(text, params);
  try {
    const offsetMin = Math.round(
      (Date.parse('2026-01-01T00:00:00Z') - startOfMarketDay('2026-01-01', market).getTime()) / 60_000,
    );
    const today = marketDay(now, market);
    const currency = MARKET_INFO[market].currency;
    const { templates: tpls, late } = templates(market);
    const products = await q('select id, code from products where market = $1', [market]);
    const productId = new Map(products.rows.map((r: { id: number; code: string }) => [r.code, r.id]));
    const codes = DEMO_PRODUCTS[market].map((p) => p.code);
    if (codes.some((c) => !productId.has(c))) throw new Error(`the ${market} demo products are not seeded`);

    await q(`create temp table pf_tpl (tpl int primary key, pidx int, vidx int, product_id int, amount bigint,
      term int, terms jsonb, quote jsonb, first_due int, total bigint, allocs jsonb, ext_days int, ext_fee bigint)`);
    await q(
      `insert into pf_tpl select t.tpl, t.pidx, t.vidx, ($2::int[])[t.pidx + 1], t.amount, t.term, t.terms,
         t.quote, t."firstDue", t.total, t.allocs, t."extDays", t."extFee"
       from json_to_recordset($1::json) as t(tpl int, pidx int, vidx int, amount bigint, term int, terms jsonb,
         quote jsonb, "firstDue" int, total bigint, allocs jsonb, "extDays" int, "extFee" bigint)`,
      [JSON.stringify(tpls), codes.map((c) => productId.get(c))],
    );
    await q(
      'create temp table pf_late (tpl int, repeat bool, late int, kind text, day_off int, amount bigint)',
    );
    await q(
      `insert into pf_late select * from json_to_recordset($1::json)
         as t(tpl int, repeat bool, late int, kind text, "dayOff" int, amount bigint)`,
      [JSON.stringify(late)],
    );
    await q('create temp table pf_pcount as select pidx, count(*)::int as cnt from pf_tpl group by pidx');

    const base = await q(`select coalesce((select max(id) from borrowers), 0) + 1 as b,
                                 coalesce((select max(id) from orders), 0) + 1 as o,
                                 coalesce((select max(id) from payments), 0) + 1 as p`);
    const {
      b: firstBorrower,
      o: firstOrder,
      p: firstPayment,
    } = base.rows[0] as { b: number; o: number; p: number };
    // Phones no demo borrower has: India 10 digits from 7, Indonesia 0857 and 8 digits.
    const phone = market === 'IN' ? `'7' || lpad(s::text, 9, '0')` : `'0857' || lpad(s::text, 8, '0')`;
    await q(
      `insert into borrowers (id, market, phone, name, created_at)
       select $1::int + s, $2, ${phone}, 'Bench Borrower ' || s, $3::timestamptz - make_interval(days => 400)
         from generate_series(0, $4::int - 1) s`,
      [firstBorrower, market, now.toISOString(), n],
    );

    // Every order's shape and story: state, loan shape, days late, how long ago; then its dates.
    const bounds: string[] = [];
    let upTo = 0;
    for (const [state, perMille] of MIX) {
      upTo += perMille;
      bounds.push(`when h < ${upTo} then '${state}'`);
    }
    const nProducts = codes.length;
    /** The instant market day `today + expr` begins (`todayParam`: the parameter holding today). */
    const day = (expr: string, todayParam = '$1') =>
      `((${todayParam}::date + (${expr})::int)::timestamp - make_interval(mins => ${offsetMin})) at time zone 'UTC'`;
    await q(
      `create temp table pf_orders as
       with g as (
         select i, (i / ${ORDERS_PER_BORROWER})::int as s, i % ${ORDERS_PER_BORROWER} as k,
                ${hash('i', 1)} as h, (${hash('i', 2)})::int as h2, (${hash('i', 3)})::int as j
           from generate_series(0, $1::int * ${ORDERS_PER_BORROWER} - 1) i
       ), shaped as (
         select g.*, case ${bounds.join(' ')} end as state, (g.s + g.k) % ${nProducts} as pidx from g
       )
       select sh.i, sh.s, sh.j, t.tpl, t.first_due,
              case when sh.state = 'extended' and t.ext_days is null then 'live' else sh.state end as state
         from shaped sh
         join pf_pcount c on c.pidx = sh.pidx
         join pf_tpl t on t.pidx = sh.pidx and t.vidx = sh.h2 % c.cnt`,
      [n],
    );
    // Payout day relative to today (d), due day (due), days late, and the instants the engine would write.
    await q(
      `create temp table pf as
       select o.*, $1::int + o.i as id, $2::int + o.s as borrower_id,
              '${market}PF' || lpad(o.i::text, 9, '0') as order_no,
              case o.state
                when 'live' then -(o.j % (o.first_due + 1))
                when 'due' then -o.first_due - (o.j % 2)
                when 'overdue' then -o.first_due - (1 + o.j % ${MAX_LATE_DAYS})
                when 'settled' then -o.first_due - (1 + o.j % 180)
                when 'extended' then -o.first_due - (1 + o.j % 3)
              end as d,
              case when o.state = 'overdue' then 1 + o.j % ${MAX_LATE_DAYS} end as late,
              -- The returning borrower's late fee: one who has settled a loan before.
              bool_or(o.state = 'settled') over (partition by o.s) as repeat
         from pf_orders o`,
      [firstOrder, firstBorrower],
    );
    await q(
      `create temp table pf_final as
       select p.*, t.product_id, t.amount, t.term, t.terms, t.quote, t.total, t.allocs, t.ext_days, t.ext_fee,
              case p.state when 'review' then ${S.UNDER_REVIEW} when 'payingOut' then ${S.DISBURSING}
                when 'rejected' then ${S.REJECTED} when 'live' then ${S.DISBURSED} when 'due' then ${S.DUE}
                when 'overdue' then ${S.OVERDUE} when 'settled' then ${S.SETTLED}
                when 'extended' then ${S.DISBURSED} end as status,
              ${day('p.d')} + interval '12 hours' as disbursed_at,
              ${day('p.d + p.first_due')} as first_due_at,
              ${day("p.d + p.first_due + coalesce(case when p.state = 'extended' then t.ext_days end, 0)")} as due_at,
              case when p.d is null
                   then $2::timestamptz - make_interval(hours => 1 + (p.j % 47)::int)
                        - case when p.state = 'rejected' then make_interval(days => (p.j % 200)::int) else interval '0' end
                   else ${day('p.d')} + interval '9 hours' end as created_at
         from pf p join pf_tpl t on t.tpl = p.tpl`,
      [today, now.toISOString()],
    );
    await q(
      `insert into orders (id, order_no, borrower_id, product_id, market, status, amount_minor, term_days,
         due_at, collection_allowed, terms, quote, terms_version, disbursed_at, extension_days, created_at)
       select id, order_no, borrower_id, product_id, $1, status, amount, term,
              case when d is not null then due_at end,
              state in ('due', 'overdue', 'settled', 'extended'), terms, quote, 1,
              case when d is not null then disbursed_at end,
              case when state = 'extended' then ext_days else 0 end, created_at
         from pf_final`,
      [market],
    );
    // The events the engine writes for each move the order made, at the times it made them.
    const events: Array<[op: string, from: number | null, to: number, at: string, states: string[]]> = [
      ['submit', null, S.UNDER_REVIEW, 'created_at', MIX.map(([s]) => s)],
      [
        'approve',
        S.UNDER_REVIEW,
        S.DISBURSING,
        "created_at + interval '1 hour'",
        ['payingOut', 'live', 'due', 'overdue', 'settled', 'extended'],
      ],
      ['reject', S.UNDER_REVIEW, S.REJECTED, "created_at + interval '2 hours'", ['rejected']],
      [
        'disburse',
        S.DISBURSING,
        S.DISBURSED,
        'disbursed_at',
        ['live', 'due', 'overdue', 'settled', 'extended'],
      ],
      ['fallDue', S.DISBURSED, S.DUE, 'first_due_at', ['due', 'overdue', 'settled', 'extended']],
      ['goOverdue', S.DUE, S.OVERDUE, "first_due_at + interval '1 day'", ['overdue']],
      ['settle', S.DUE, S.SETTLED, "first_due_at + interval '10 hours'", ['settled']],
      ['extend', S.DUE, S.DISBURSED, "first_due_at + interval '10 hours'", ['extended']],
    ];
    for (const [op, from, to, at, states] of events) {
      await q(
        `insert into order_events (order_id, operation, from_status, to_status, actor, reason, reason_code, created_at)
         select id, '${op}', ${from ?? 'null'}, ${to},
                ${op === 'submit' ? `'borrower:' || borrower_id` : `'system:seed'`},
                ${op === 'settle' ? `'payment pf-' || order_no` : op === 'extend' ? `'payment pfx-' || order_no` : `''`},
                ${op === 'reject' ? `'incomeUnverified'` : 'null'}, ${at}
           from pf_final where state in (${states.map((s) => `'${s}'`).join(', ')})`,
      );
    }
    // A settlement pays everything owed at the due day; an extension pays its fee that day.
    await q(
      `insert into payments (id, provider_payment_id, event_id, vcode, order_id, amount_minor, currency, paid_at,
         state, created_at)
       select $1::int + i, pre || order_no, pre || order_no, pre || order_no, id, amt, $2,
              first_due_at + interval '10 hours', 'credited', first_due_at + interval '10 hours'
         from (select *, case state when 'settled' then 'pf-' else 'pfx-' end as pre,
                      case state when 'settled' then total else ext_fee end as amt
                 from pf_final where state in ('settled', 'extended')) x`,
      [firstPayment, currency],
    );
    await q(
      `insert into payment_allocations (payment_id, order_id, period, component, amount_minor, created_at)
       select $1::int + f.i, f.id, (a->>'period')::int, a->>'component', (a->>'amount')::bigint,
              f.first_due_at + interval '10 hours'
         from pf_final f cross join jsonb_array_elements(f.allocs) a
        where f.state = 'settled' and (a->>'amount')::bigint > 0
       union all
       select $1::int + f.i, f.id, null, 'extension_fee', f.ext_fee, f.first_due_at + interval '10 hours'
         from pf_final f where f.state = 'extended'`,
      [firstPayment],
    );
    // An overdue loan's days before tonight, as the nightly runs booked them (the returning borrower's fee
    // for one who has settled a loan before).
    await q(
      `insert into order_charges (order_id, kind, charge_day, amount_minor, created_at)
       select f.id, l.kind, to_char($1::date + (f.d + f.first_due + l.day_off)::int, 'YYYY-MM-DD'), l.amount,
              ${day('f.d + f.first_due + l.day_off')}
         from pf_final f
         join pf_late l on l.tpl = f.tpl and l.late = f.late
              and l.repeat = f.repeat
        where f.state = 'overdue'`,
      [today],
    );
    for (const [table, column] of [
      ['borrowers', 'id'],
      ['orders', 'id'],
      ['payments', 'id'],
    ] as const) {
      await q(
        `select setval(pg_get_serial_sequence('${table}', '${column}'), (select max(${column}) from ${table}))`,
      );
    }
    // Statistics before the reads below and the app's: the tables were empty when last planned for.
    await q('analyze borrowers, orders, order_events, payments, payment_allocations, order_charges');

    // Sessions for borrowers spread over the seed (a prime stride), each with one of their orders.
    const signed = Math.min(SIGNED_IN, n);
    const stride = 7_919;
    const sessions = await q(
      `with picked as (
         select distinct $1::int + ((x * ${stride}) % $2::int) as borrower_id from generate_series(0, $3::int - 1) x
       ), made as (
         insert into sessions (borrower_id, token_hash, device_id, expires_at)
         select borrower_id, encode(sha256(convert_to($4 || borrower_id, 'UTF8')), 'hex'),
                'bench-device-' || borrower_id,
                -- Sessions live by the wall clock, whatever day the seed's story is told on.
                greatest($5::timestamptz, now()) + interval '30 days'
           from picked
         returning borrower_id, device_id
       )
       select m.borrower_id, m.device_id,
              (select o.order_no from orders o where o.borrower_id = m.borrower_id
                 order by o.disbursed_at is null, o.id limit 1) as order_no,
              (select o.order_no from orders o where o.borrower_id = m.borrower_id
                 and o.status in (${S.DISBURSED}, ${S.DUE}, ${S.OVERDUE}) order by o.id limit 1) as live_order_no
         from made m`,
      [firstBorrower, n, signed, opts.tokenPrefix, now.toISOString()],
    );
    const byStatus = Object.fromEntries(
      (await q('select state, count(*)::int as n from pf_final group by state order by state')).rows.map(
        (r: { state: string; n: number }) => [r.state, r.n],
      ),
    );
    const size = await q('select pg_database_size(current_database())::bigint as bytes');
    return {
      borrowers: n,
      orders: n * ORDERS_PER_BORROWER,
      byStatus,
      ms: performance.now() - t0,
      databaseBytes: Number((size.rows[0] as { bytes: string }).bytes),
      signedIn: sessions.rows.map(
        (r: { borrower_id: number; device_id: string; order_no: string; live_order_no: string | null }) => ({
          token: `${opts.tokenPrefix}${r.borrower_id}`,
          deviceId: r.device_id,
          orderNo: r.order_no,
          liveOrderNo: r.live_order_no,
        }),
      ),
    };
  } finally {
    await client.end();
  }
}
