/**
 * The older bank-card repayment flow (spec §3 "Payment store", §4, §7 "Older repayment flow"; decision
 * 032): the borrower's saved cards, a repayment committed to one card and amount, an SMS code when the
 * card needs one, then the charge. Borrower session, JSON bodies. Paths and limits are here without zod,
 * so the screen can use them; the schemas are in repayment-card-schema.ts. Not in constants.ts: that
 * module is part of the H5 entry, and what a screen imports from it would ride in every screen's first
 * load.
 */
export const CARD_REPAY_BASE = '/api/v1/youmi/youmi-api/service/loan';
export const CARD_REPAY_PATHS = {
  /** The cards, the amount due now and a token binding this borrower and order. */
  way: `${CARD_REPAY_BASE}/repayment-way`,
  /** Commits a repayment of an amount with a card; sends the SMS code when the card needs one. */
  commit: `${CARD_REPAY_BASE}/repayment-commit`,
  /** The SMS code: the card is charged. */
  confirm: `${CARD_REPAY_BASE}/repayment-confirm`,
  /** The provider's hosted payment page for an amount (the sandbox's demo page in demo mode). */
  hosted: `${CARD_REPAY_BASE}/repayment-huichao`,
  /** Demo mode only: the last SMS the local outbox holds for a phone, so a demo can type its code. */
  demoSms: '/dev-api/sms/last',
  /** Demo mode only: the sandbox's hosted payment page (a Pay button). */
  demoHosted: '/dev-api/gateway/hosted',
} as const;

/** Spec §8 payment codes: a wrong verification code; a repayment already submitted (do not resubmit). */
export const CARD_REPAY_CODE = { WRONG_CODE: '800006', DO_NOT_RESUBMIT: '800005' } as const;
