import type { RightKind } from '../../../shared/contract/data-rights.ts';
import { ORDER_STATUS } from '../../../shared/domain/order-status.ts';
import { addDays, marketDay, startOfMarketDay } from '../../../shared/domain/time.ts';
import type { Market } from '../../../shared/markets.ts';

/**
 * How long each market's law gives a lender to answer each right (decision 035 says why these numbers).
 * Indonesia counts hours from receipt (UU PDP's "3 × 24 jam"); India counts calendar days in Kolkata and
 * ends with the last day.
 */
export type AnswerTime = { unit: 'hours'; amount: number } | { unit: 'days'; amount: number };

const THREE_DAYS_OF_HOURS: AnswerTime = { unit: 'hours', amount: 72 };
const THIRTY_DAYS: AnswerTime = { unit: 'days', amount: 30 };

export const ANSWER_TIMES: Record<Market, Record<RightKind, AnswerTime>> = {
  // UU PDP 27/2022 sets 3 × 24 hours for access (art. 32), correction (art. 30), stopping processing after
  // consent is withdrawn (art. 40) and restriction (art. 41). It sets no number for erasure or objection;
  // our Indonesian privacy policy promises 3 × 24 hours for every request, so we keep that promise.
  ID: {
    access: THREE_DAYS_OF_HOURS,
    correction: THREE_DAYS_OF_HOURS,
    erasure: THREE_DAYS_OF_HOURS,
    objection: THREE_DAYS_OF_HOURS,
    restriction: THREE_DAYS_OF_HOURS,
    withdrawal: THREE_DAYS_OF_HOURS,
  },
  // DPDP Act 2023 s. 13 leaves the period to the rules (the DPDP Rules allow up to 90 days); as an RBI
  // regulated lender we answer within the 30 days the RBI gives a complaint before the Ombudsman may be
  // asked, whichever right it is.
  IN: {
    access: THIRTY_DAYS,
    correction: THIRTY_DAYS,
    erasure: THIRTY_DAYS,
    objection: THIRTY_DAYS,
    restriction: THIRTY_DAYS,
    withdrawal: THIRTY_DAYS,
  },
};

/** The moment the answer to a request of `kind`, received at `receivedAt`, is due. */
export function deadlineFor(market: Market, kind: RightKind, receivedAt: Date): Date {
  const time = ANSWER_TIMES[market][kind];
  if (time.unit === 'hours') return new Date(receivedAt.getTime() + time.amount * 3_600_000);
  // The end of the n-th calendar day after the day of receipt, in the market's time zone.
  const lastDay = addDays(marketDay(receivedAt, market), time.amount);
  return new Date(startOfMarketDay(addDays(lastDay, 1), market).getTime() - 1);
}

/**
 * Orders that stop an account from being cancelled (spec §1: "when no loan is outstanding"): an
 * application under review or being paid out, and every loan not yet repaid, legacy codes included.
 */
export const OUTSTANDING_STATUSES: readonly number[] = [
  ORDER_STATUS.UNDER_REVIEW,
  ORDER_STATUS.DISBURSING,
  ORDER_STATUS.DISBURSED,
  ORDER_STATUS.DUE,
  ORDER_STATUS.OVERDUE,
  ORDER_STATUS.LEGACY_REPAYING,
  ORDER_STATUS.LEGACY_OVERDUE,
];

/**
 * How long a cancelled account's lending records are kept, from the day it closed (decision 035): India,
 * five years after the relationship ends (PMLA 2002 s. 12 with the PML Rules, and the RBI's KYC Master
 * Direction); Indonesia, ten years (UU 8/1997 on company documents, art. 11, for financial records; the
 * AML law's five years after the relationship ends, UU 8/2010 art. 21, falls within it).
 */
export const RETENTION: Record<Market, { years: number; basis: string }> = {
  IN: {
    years: 5,
    basis:
      'PMLA 2002 s. 12 and PML Rules 2005; RBI Master Direction on KYC 2016: 5 years after the relationship ends',
  },
  ID: {
    years: 10,
    basis:
      'UU 8/1997 Dokumen Perusahaan art. 11 (financial records, 10 years); UU 8/2010 TPPU art. 21 (5 years)',
  },
};

/** When records of an account closed at `closedAt` may go. */
export function retainUntil(market: Market, closedAt: Date): Date {
  const until = new Date(closedAt);
  until.setUTCFullYear(until.getUTCFullYear() + RETENTION[market].years);
  return until;
}

/** A cancelled account's name: stored data, read by staff of either market, so one fixed text. */
export const DELETED_NAME = 'Deleted user';

/** What replaces a borrower's free text when their account is cancelled: the same in every language. */
export const ERASED_TEXT = '[erased]';
