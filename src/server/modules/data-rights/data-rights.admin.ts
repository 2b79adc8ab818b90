import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import { PAGE_SIZE } from '../../../shared/contract/constants.ts';
import {
  OPEN_STATUSES,
  type RequestAction,
  type RequestStatus,
  type RightKind,
} from '../../../shared/contract/data-rights.ts';
import type {
  RightsQueue,
  RightsQueueQuery,
  RightsRequestDetail,
} from '../../../shared/contract/data-rights-schema.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { maskPhone } from '../../../shared/domain/phone.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import { type Lang, MARKET_INFO, type Market } from '../../../shared/markets.ts';
import type { SmsSender } from '../../adapters/sms.ts';
import type { Clock } from '../../clock.ts';
import { AppError, withVars } from '../../errors.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { DataRightsRepository } from './data-rights.repository.ts';
import { OUTSTANDING_STATUSES } from './data-rights.rules.ts';

/** Each action: the statuses it may start from and the one it leads to. */
const MOVES: Record<RequestAction, { from: readonly RequestStatus[]; to: RequestStatus }> = {
  start: { from: ['received'], to: 'in_progress' },
  complete: { from: OPEN_STATUSES, to: 'done' },
  refuse: { from: OPEN_STATUSES, to: 'refused' },
};

const forbidden = () => new AppError('403', 'staff:errors.forbidden', 403);

/** The markets a query may look at: the staff member's, narrowed to one when asked for one of them. */
function marketsFor(staff: StaffIdentity, market: Market | undefined): Market[] {
  if (!market) return staff.markets;
  if (!staff.markets.includes(market)) throw forbidden();
  return [market];
}

/**
 * The operators' side of privacy rights (decision 035): the queue of their markets' requests, the most
 * urgent deadline first, and the three actions, each audited in the same transaction as the change.
 * Another market's request is named as such (403 `40301`), a missing one is 404.
 */
export function dataRightsAdminService(deps: {
  repo: DataRightsRepository;
  clock: Clock;
  /** Where the borrower hears that a request was answered (the SMS adapter). */
  sms: SmsSender;
  appName: (market: Market) => Promise<string>;
  /** A text that could not be sent: the answer stands (the borrower reads it in My data); we log it. */
  notifyFailed: (err: unknown) => void;
}) {
  const { repo, clock } = deps;

  /** Tells the borrower, in the market's language, that an answer waits in My data. */
  async function notifyAnswered(row: NonNullable<Awaited<ReturnType<DataRightsRepository['request']>>>) {
    // A closed account's number is gone (its requests were closed with it, not answered here).
    if (row.closedAt) return;
    const market = row.r.market as Market;
    const lang = MARKET_INFO[market].lang;
    try {
      await deps.sms.send({
        purpose: 'data_rights_answer',
        via: 'sms',
        market,
        phone: row.borrowerPhone,
        text: translate(lang, 'dataRights', 'notify.answered', {
          app: await deps.appName(market),
          kind: translate(lang, 'dataRights', `kinds.${row.r.kind as RightKind}`),
        }),
      });
    } catch (err) {
      deps.notifyFailed(err);
    }
  }

  async function find(staff: StaffIdentity, id: number) {
    const row = await repo.request(id);
    if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
    if (!staff.markets.includes(row.r.market as Market))
      throw new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'dataRights:refusals.otherMarket', 403);
    return row;
  }

  async function present(staff: StaffIdentity, id: number): Promise<RightsRequestDetail> {
    const row = await find(staff, id);
    const r = row.r;
    const now = clock.now();
    const [outstanding, history] = await Promise.all([
      repo.outstandingCount(r.borrowerId, OUTSTANDING_STATUSES),
      repo.history(id),
    ]);
    const closedAccount = row.closedAt !== null;
    return {
      id: r.id,
      market: r.market as Market,
      kind: r.kind as RightKind,
      status: r.status as RequestStatus,
      borrowerName: row.borrowerName,
      excerpt: r.details.slice(0, 120),
      createdAt: r.createdAt.toISOString(),
      deadlineAt: r.deadlineAt.toISOString(),
      overdue: (OPEN_STATUSES as readonly string[]).includes(r.status) && r.deadlineAt < now,
      details: r.details,
      answer: r.answer,
      startedAt: r.startedAt?.toISOString() ?? null,
      closedAt: r.closedAt?.toISOString() ?? null,
      handledBy: row.handledBy,
      borrower: {
        id: r.borrowerId,
        name: row.borrowerName,
        // A cancelled account's phone is a placeholder: nothing to mask, nothing to show.
        phone: closedAccount ? '' : maskPhone(row.borrowerPhone),
        since: row.borrowerSince.toISOString(),
        closed: closedAccount,
        outstandingLoans: outstanding,
      },
      history: history.map((h) => ({
        action: h.action.replace(/^dataRights\./, ''),
        staff: h.staff,
        at: h.at.toISOString(),
      })),
    };
  }

  return {
    async queue(staff: StaffIdentity, q: RightsQueueQuery): Promise<RightsQueue> {
      const markets = marketsFor(staff, q.market);
      const now = clock.now();
      const { rows, total } = await repo.queue({
        markets,
        status: q.status ?? 'open',
        kind: q.kind,
        overdue: q.overdue === '1',
        now,
        page: q.page,
        pageSize: PAGE_SIZE,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          market: r.market as Market,
          kind: r.kind as RightKind,
          status: r.status as RequestStatus,
          borrowerName: r.borrowerName,
          excerpt: r.excerpt,
          createdAt: r.createdAt.toISOString(),
          deadlineAt: r.deadlineAt.toISOString(),
          overdue: (OPEN_STATUSES as readonly string[]).includes(r.status) && r.deadlineAt < now,
        })),
        total,
        page: q.page,
        pageSize: PAGE_SIZE,
      };
    },

    detail: present,

    async act(
      staff: StaffIdentity,
      id: number,
      body: { action: RequestAction; answer?: string | undefined },
      ip: string,
      lang: Lang,
    ): Promise<RightsRequestDetail> {
      const row = await find(staff, id);
      const move = MOVES[body.action];
      const answer = body.answer?.trim() ?? '';
      if (body.action !== 'start' && !answer) {
        const key = body.action === 'refuse' ? 'reasonRequired' : 'answerRequired';
        throw new AppError(ERROR_CODE.VALIDATION, `dataRights:refusals.${key}`);
      }
      const moved = await repo.transition({
        id,
        from: move.from,
        to: move.to,
        answer,
        staffId: staff.id,
        at: clock.now(),
        audit: {
          action: `dataRights.${body.action}`,
          detail: `${row.r.kind}: ${row.r.status} → ${move.to}`,
          ip,
        },
      });
      if (!moved) {
        // Another operator got there first (or it was never in a state for this): say what it is now.
        const now = await repo.request(id);
        const status = (now?.r.status ?? row.r.status) as RequestStatus;
        throw withVars(new AppError(ERROR_CODE.CONFLICT, 'dataRights:refusals.wrongState', 409), {
          status: translate(lang, 'dataRights', `statuses.${status}`),
        });
      }
      if (body.action !== 'start') await notifyAnswered(row);
      return present(staff, id);
    },
  };
}
export type DataRightsAdminService = ReturnType<typeof dataRightsAdminService>;
