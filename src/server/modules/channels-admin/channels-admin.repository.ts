import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { channelTemplates } from '../../db/schema.ts';

export type TemplateRow = typeof channelTemplates.$inferSelect;
export type TemplateValues = Pick<
  typeof channelTemplates.$inferInsert,
  | 'name'
  | 'headline'
  | 'subline'
  | 'bannerUrl'
  | 'themePrimary'
  | 'themeBackground'
  | 'androidUrl'
  | 'iosUrl'
  | 'appName'
>;

export interface FunnelRow {
  day: string;
  visits: number;
  clicks: number;
  codes: number;
  registrations: number;
}

/**
 * A new `updated_at` for every write: the write's time, but always at least a millisecond past the one
 * before, so two writes in the same millisecond (or a clock behind the database's) still give the row a
 * new version for the editor's conflict check.
 */
const nextVersion = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, ${channelTemplates.updatedAt} + interval '1 millisecond')`;

/** The SQL of the back office's channel templates and their funnel (the module's only SQL). */
export function channelsAdminRepository(db: Db) {
  return {
    /** Newest first, at most `limit`; one more is read to tell whether there are more. */
    async list(markets: Market[], enabled: boolean | undefined, limit: number) {
      const where: SQL[] = [inArray(channelTemplates.market, markets)];
      if (enabled !== undefined) where.push(eq(channelTemplates.enabled, enabled));
      const rows = await db
        .select()
        .from(channelTemplates)
        .where(and(...where))
        .orderBy(desc(channelTemplates.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    async find(id: number): Promise<TemplateRow | null> {
      const [row] = await db.select().from(channelTemplates).where(eq(channelTemplates.id, id));
      return row ?? null;
    },

    async insert(market: Market, values: TemplateValues, now: Date): Promise<TemplateRow> {
      const [row] = await db
        .insert(channelTemplates)
        .values({ market, ...values, enabled: false, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    /**
     * Writes the fields only when the row is still at `version` (the `updatedAt` its editor loaded); null
     * when it moved on. Drivers read `updated_at` to the millisecond (PostgreSQL keeps microseconds), so
     * "still at" is "within the same millisecond"; every write moves it by at least one (nextVersion).
     */
    async update(id: number, version: Date, values: TemplateValues, now: Date): Promise<TemplateRow | null> {
      const [row] = await db
        .update(channelTemplates)
        .set({ ...values, updatedAt: nextVersion(now) })
        .where(
          and(
            eq(channelTemplates.id, id),
            sql`abs(extract(epoch from ${channelTemplates.updatedAt} - ${version.toISOString()}::timestamptz)) < 0.001`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async setEnabled(id: number, enabled: boolean, now: Date): Promise<TemplateRow | null> {
      const [row] = await db
        .update(channelTemplates)
        .set({ enabled, updatedAt: nextVersion(now) })
        .where(eq(channelTemplates.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * The funnel per market day in one statement: every day of the range (generate_series), each with
     * its events counted by kind, zeros where there were none. An event's day is its instant moved by
     * the market's offset (neither market has daylight saving) read as a UTC date, so the answer does
     * not depend on the database session's time zone. The range is bounded by instants (`start`, `end`)
     * so the (template_id, created_at) index finds the rows.
     */
    async funnel(q: {
      market: Market;
      templateId: number | null;
      from: string;
      to: string;
      start: Date;
      end: Date;
      offsetMinutes: number;
    }): Promise<FunnelRow[]> {
      const which =
        q.templateId === null
          ? sql`e.template_id in (select t.id from channel_templates t where t.market = ${q.market})`
          : sql`e.template_id = ${q.templateId}`;
      const result = await db.execute(sql`
        with span as (
          select d::date as day
            from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') as d
        ), counted as (
          select ((e.created_at + ${q.offsetMinutes}::int * interval '1 minute') at time zone 'UTC')::date as day,
                 count(*) filter (where e.kind = 'visit')::int as visits,
                 count(*) filter (where e.kind = 'click')::int as clicks,
                 count(*) filter (where e.kind = 'sms')::int as codes,
                 count(*) filter (where e.kind = 'register')::int as registrations
            from promo_events e
           where ${which}
             and e.created_at >= ${q.start.toISOString()}::timestamptz
             and e.created_at < ${q.end.toISOString()}::timestamptz
           group by 1
        )
        select to_char(s.day, 'YYYY-MM-DD') as day,
               coalesce(c.visits, 0) as visits,
               coalesce(c.clicks, 0) as clicks,
               coalesce(c.codes, 0) as codes,
               coalesce(c.registrations, 0) as registrations
          from span s
          left join counted c on c.day = s.day
         order by s.day`);
      const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
      return rows.map((r) => ({
        day: String(r.day),
        visits: Number(r.visits),
        clicks: Number(r.clicks),
        codes: Number(r.codes),
        registrations: Number(r.registrations),
      }));
    },
  };
}
export type ChannelsAdminRepository = ReturnType<typeof channelsAdminRepository>;
