import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import {
  CHANNELS_LIST_MAX,
  conversionPercent,
  FUNNEL_DAYS,
  problemKey,
  problemVars,
  rangeProblem,
  type TemplateFields,
  type TemplateProblem,
  templateProblems,
} from '../../../shared/contract/channels-admin.ts';
import type {
  AdminTemplate,
  AdminTemplates,
  FunnelData,
} from '../../../shared/contract/channels-admin-schema.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { isBlankText } from '../../../shared/domain/text.ts';
import { addDays, marketDay, startOfMarketDay } from '../../../shared/domain/time.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import type { Clock } from '../../clock.ts';
import { AppError, withVars } from '../../errors.ts';
import type { AuditEntry, StaffIdentity } from '../staff/index.ts';
import type { ChannelsAdminRepository, TemplateRow, TemplateValues } from './channels-admin.repository.ts';

const forbidden = () => new AppError('403', 'staff:errors.forbidden', 403);
const otherMarket = () =>
  new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'channelsAdmin:errors.otherMarket', 403);
const refused = (key: string, vars: Record<string, string> = {}) =>
  withVars(new AppError(ERROR_CODE.VALIDATION, `channelsAdmin:errors.${key}`), vars);

/** One problem of `templateProblems` as a sentence in the operator's language. */
export function problemText(problem: TemplateProblem, fields: TemplateFields, lang: Lang): string {
  return translate(lang, 'channelsAdmin', problemKey(problem), problemVars(problem, fields));
}

/** What a valid body stores: colours in one spelling (lower case), so the list and the page agree. */
function valuesOf(body: TemplateFields): TemplateValues {
  return {
    name: body.name,
    headline: body.headline,
    subline: body.subline,
    bannerUrl: body.bannerUrl,
    themePrimary: body.theme.primary.toLowerCase(),
    themeBackground: body.theme.background.toLowerCase(),
    androidUrl: body.androidUrl,
    iosUrl: body.iosUrl,
    appName: body.appName,
  };
}

function present(r: TemplateRow): AdminTemplate {
  return {
    id: r.id,
    market: r.market as Market,
    name: r.name,
    headline: r.headline,
    subline: r.subline,
    bannerUrl: r.bannerUrl,
    theme: { primary: r.themePrimary, background: r.themeBackground },
    androidUrl: r.androidUrl,
    iosUrl: r.iosUrl,
    appName: r.appName,
    enabled: r.enabled,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The fields an edit changed, named for the audit log (not their values: the log is not a history). */
function changedFields(before: TemplateRow, after: TemplateValues): string[] {
  return (Object.keys(after) as (keyof TemplateValues)[]).filter((k) => before[k] !== after[k]);
}

/**
 * The landing templates of promotion channels in the back office (issue 10; decision 037): staff of a
 * market read its templates and their funnel; its administrators create, edit and switch them. Every
 * template is judged by `templateProblems` (lengths, our own banner path, https store links, the brand's
 * contrast rule) on every write, and every write is audited. The public page reads the table directly
 * (promotion.service.ts `template()`, uncached), so a change shows on the next page load.
 */
export function channelsAdminService(deps: {
  repo: ChannelsAdminRepository;
  audit: (entry: AuditEntry) => Promise<void>;
  clock: Clock;
}) {
  const { repo, audit, clock } = deps;

  /** The markets a list may show: the staff member's, narrowed to one when asked for one of them. */
  function marketsFor(staff: StaffIdentity, market: Market | undefined): Market[] {
    if (!market) return staff.markets;
    if (!staff.markets.includes(market)) throw forbidden();
    return [market];
  }

  /** The template in the staff member's markets; one elsewhere is "another market's", not "not found". */
  async function find(staff: StaffIdentity, id: number): Promise<TemplateRow> {
    const row = await repo.find(id);
    if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
    if (!staff.markets.includes(row.market as Market)) throw otherMarket();
    return row;
  }

  /** Refuses a template that breaks a rule, naming every problem in the operator's language. */
  function check(fields: TemplateFields, lang: Lang) {
    const problems = templateProblems(fields, isBlankText);
    if (problems.length === 0) return;
    throw refused('invalid', { problems: problems.map((p) => problemText(p, fields, lang)).join(' ') });
  }

  const record = (staff: StaffIdentity, action: string, row: TemplateRow, ip: string, more = '') =>
    audit({
      staffId: staff.id,
      action,
      target: `channel_template:${row.id}`,
      detail: `${row.market}/${row.name}${more}`,
      ip,
    });

  return {
    async list(
      staff: StaffIdentity,
      market: Market | undefined,
      enabled: boolean | undefined,
    ): Promise<AdminTemplates> {
      const { rows, more } = await repo.list(marketsFor(staff, market), enabled, CHANNELS_LIST_MAX);
      return { items: rows.map(present), more };
    },

    view: async (staff: StaffIdentity, id: number) => present(await find(staff, id)),

    async create(
      staff: StaffIdentity,
      body: TemplateFields & { market: Market },
      ip: string,
      lang: Lang,
    ): Promise<AdminTemplate> {
      if (!staff.markets.includes(body.market)) throw forbidden();
      check(body, lang);
      // A new template's page stays off until an operator has seen its preview and switches it on.
      const row = await repo.insert(body.market, valuesOf(body), clock.now());
      await record(staff, 'channel.create', row, ip);
      return present(row);
    },

    async update(
      staff: StaffIdentity,
      id: number,
      body: TemplateFields & { version: string },
      ip: string,
      lang: Lang,
    ): Promise<AdminTemplate> {
      const current = await find(staff, id);
      check(body, lang);
      const version = new Date(body.version);
      if (Number.isNaN(version.getTime())) throw refused('version');
      const values = valuesOf(body);
      const row = await repo.update(id, version, values, clock.now());
      if (!row) throw new AppError(ERROR_CODE.CONFLICT, 'channelsAdmin:errors.conflict', 409);
      const changed = changedFields(current, values);
      await record(staff, 'channel.update', row, ip, changed.length ? `: ${changed.join(', ')}` : '');
      return present(row);
    },

    async setEnabled(staff: StaffIdentity, id: number, enabled: boolean, ip: string): Promise<AdminTemplate> {
      await find(staff, id);
      const row = await repo.setEnabled(id, enabled, clock.now());
      if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
      await record(staff, enabled ? 'channel.enable' : 'channel.disable', row, ip);
      return present(row);
    },

    /**
     * Visits, clicks, codes sent and registrations per market day of a template (or of all a market's
     * templates), with the conversion of each day and of the range. Days are the market's: an Indonesian
     * visit at 23:30 WIB counts on that day, not on the UTC one.
     */
    async funnel(
      staff: StaffIdentity,
      q: { templateId?: number | undefined; market?: Market | undefined; from?: string; to?: string },
    ): Promise<FunnelData> {
      let market: Market;
      let templateId: number | null = null;
      if (q.templateId !== undefined) {
        const row = await find(staff, q.templateId);
        market = row.market as Market;
        templateId = row.id;
      } else {
        market = q.market!;
        if (!staff.markets.includes(market)) throw forbidden();
      }
      // Each end the operator left out is filled in: the end is today, the start 13 days before it.
      const to = q.to ?? marketDay(clock.now(), market);
      const from = q.from ?? addDays(to, -(FUNNEL_DAYS.default - 1));
      const wrong = rangeProblem(from, to);
      if (wrong) throw refused(`range.${wrong.code}`, { max: String(FUNNEL_DAYS.max) });

      const start = startOfMarketDay(from, market);
      const offsetMinutes = (Date.parse(`${from}T00:00:00Z`) - start.getTime()) / 60_000;
      const rows = await repo.funnel({
        market,
        templateId,
        from,
        to,
        start,
        end: startOfMarketDay(addDays(to, 1), market),
        offsetMinutes,
      });
      const totals = { visits: 0, clicks: 0, codes: 0, registrations: 0 };
      for (const r of rows) {
        totals.visits += r.visits;
        totals.clicks += r.clicks;
        totals.codes += r.codes;
        totals.registrations += r.registrations;
      }
      return {
        market,
        templateId,
        from,
        to,
        days: rows.map((r) => ({ ...r, conversion: conversionPercent(r.registrations, r.visits) })),
        totals: { ...totals, conversion: conversionPercent(totals.registrations, totals.visits) },
      };
    },
  };
}
export type ChannelsAdminService = ReturnType<typeof channelsAdminService>;
