import { and, eq, gt, sql } from 'drizzle-orm';
import type { Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { borrowerSignups, borrowers, captchas, channelTemplates, promoEvents } from '../../db/schema.ts';

export interface ChannelFields {
  app_from?: string | undefined;
  user_from?: string | undefined;
  utm_tag?: string | undefined;
}

/**
 * The promotion landing's SQL (decision 036): templates, captchas, funnel events and the registration's
 * rows. Every captcha change is one conditional statement, so two requests for the same session cannot
 * both pass a step. The methods that take `tx` run inside the registration's transaction.
 */
export function promotionRepository(db: Db) {
  return {
    /** A template, enabled or not; null when there is none. */
    async template(id: number) {
      const [row] = await db.select().from(channelTemplates).where(eq(channelTemplates.id, id));
      return row ?? null;
    },

    /** The captcha of a session, whatever its state; null when there is none. */
    async captcha(sid: string) {
      const [row] = await db.select().from(captchas).where(eq(captchas.sid, sid));
      return row ?? null;
    },

    /** One funnel event, written only for an enabled template (an unknown id writes nothing). */
    async record(
      templateId: number,
      kind: string,
      f: ChannelFields & { client_type?: string | undefined },
      at: Date,
    ): Promise<void> {
      await db.execute(sql`
      insert into promo_events (template_id, kind, user_from, app_from, utm_tag, client_type, created_at)
      select t.id, ${kind}, ${f.user_from ?? ''}, ${f.app_from ?? ''}, ${f.utm_tag ?? ''},
             ${f.client_type ?? ''}, ${at.toISOString()}::timestamptz
        from channel_templates t where t.id = ${templateId} and t.enabled`);
    },

    async newCaptcha(values: {
      sid: string;
      market: string;
      templateId: number;
      answerHash: string;
      ip: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(captchas).values(values);
    },

    /**
     * A new answer for a session's captcha still new, unexpired and drawn fewer than `maxDraws` times;
     * false when there is no such captcha.
     */
    async redraw(
      sid: string,
      next: { answerHash: string; expiresAt: Date },
      now: Date,
      maxDraws: number,
    ): Promise<boolean> {
      const [row] = await db
        .update(captchas)
        .set({ answerHash: next.answerHash, draws: sql`${captchas.draws} + 1`, expiresAt: next.expiresAt })
        .where(
          and(
            eq(captchas.sid, sid),
            eq(captchas.state, 'new'),
            gt(captchas.expiresAt, now),
            sql`${captchas.draws} < ${maxDraws}`,
          ),
        )
        .returning({ sid: captchas.sid });
      return row !== undefined;
    },

    /**
     * The captcha, new, unexpired and answered right, marked sent and bound to a phone; its template, or
     * null when it is not such a captcha.
     */
    async markSent(
      sid: string,
      answerHash: string,
      bound: { phoneKey: string; expiresAt: Date },
      now: Date,
    ): Promise<{ templateId: number } | null> {
      const [taken] = await db
        .update(captchas)
        .set({ state: 'sent', phoneKey: bound.phoneKey, expiresAt: bound.expiresAt })
        .where(
          and(
            eq(captchas.sid, sid),
            eq(captchas.state, 'new'),
            gt(captchas.expiresAt, now),
            eq(captchas.answerHash, answerHash),
          ),
        )
        .returning({ templateId: captchas.templateId });
      return taken ?? null;
    },

    /** A captcha still new burned: a wrong answer ends it. */
    async burn(sid: string): Promise<void> {
      await db
        .update(captchas)
        .set({ state: 'used' })
        .where(and(eq(captchas.sid, sid), eq(captchas.state, 'new')));
    },

    /** Registration codes sent in a market since a moment. */
    async codesSentSince(market: Market, since: Date): Promise<number> {
      const [sent] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(promoEvents)
        .innerJoin(channelTemplates, eq(channelTemplates.id, promoEvents.templateId))
        .where(
          and(
            eq(promoEvents.kind, 'sms'),
            eq(channelTemplates.market, market),
            gt(promoEvents.createdAt, since),
          ),
        );
      return sent?.n ?? 0;
    },

    /** The sent captcha used up; its template, or null when it was not sent (or already used). */
    async consumeSent(tx: Db, sid: string): Promise<{ templateId: number } | null> {
      const [consumed] = await tx
        .update(captchas)
        .set({ state: 'used' })
        .where(and(eq(captchas.sid, sid), eq(captchas.state, 'sent')))
        .returning({ templateId: captchas.templateId });
      return consumed ?? null;
    },

    /** A new borrower; null when the market already has one with this phone. */
    async createBorrower(
      tx: Db,
      b: { market: Market; phone: string; name: string },
    ): Promise<{ id: number } | null> {
      const [created] = await tx
        .insert(borrowers)
        .values(b)
        .onConflictDoNothing()
        .returning({ id: borrowers.id });
      return created ?? null;
    },

    /** Where a new borrower came from, and the funnel's `register` event. */
    async recordSignup(
      tx: Db,
      s: {
        borrowerId: number;
        templateId: number;
        fields: ChannelFields;
        inviteCode: string;
        deviceId: string;
        at: Date;
      },
    ): Promise<void> {
      const from = {
        userFrom: s.fields.user_from ?? '',
        appFrom: s.fields.app_from ?? '',
        utmTag: s.fields.utm_tag ?? '',
      };
      await tx.insert(borrowerSignups).values({
        borrowerId: s.borrowerId,
        templateId: s.templateId,
        ...from,
        inviteCode: s.inviteCode,
        deviceId: s.deviceId,
        createdAt: s.at,
      });
      await tx
        .insert(promoEvents)
        .values({ templateId: s.templateId, kind: 'register', ...from, createdAt: s.at });
    },
  };
}
export type PromotionRepository = ReturnType<typeof promotionRepository>;
