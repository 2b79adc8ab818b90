import { ERROR_CODE, type ErrorCode } from '../shared/contract/reply-codes.ts';

const STATUS: Record<ErrorCode, number> = {
  '400': 400,
  '401': 401,
  '403': 403,
  '404': 404,
  '409': 409,
  '413': 413,
  '429': 429,
  '500': 500,
  '503': 503,
};

const DEFAULT_KEY: Record<ErrorCode, string> = {
  '400': 'errors.validation',
  '401': 'errors.unauthenticated',
  '403': 'errors.forbidden',
  '404': 'errors.notFound',
  '409': 'errors.conflict',
  '413': 'errors.payloadTooLarge',
  '429': 'errors.rateLimited',
  '500': 'errors.internal',
  '503': 'errors.unavailable',
};

/**
 * A failure the borrower should be told about. `messageKey` is `namespace:key` in the i18n catalogs;
 * the error handler translates it into the request's language. `code` is the wire code (ours or the
 * spec's, e.g. '101'), `status` the HTTP status.
 */
export class AppError extends Error {
  readonly code: string | number;
  readonly status: number;
  readonly messageKey: string;
  /** Values for the message's `{{name}}` placeholders (amounts already written for the market). */
  vars?: Readonly<Record<string, string>>;
  /**
   * What the refusal carries besides its message, already in the caller's language (a form's message per
   * field, decision 064). Null for every other refusal: `{code, data: null, message}`.
   */
  data?: unknown;

  constructor(code: ErrorCode, messageKey?: string);
  constructor(code: string | number, messageKey: string, status: number);
  constructor(code: string | number, messageKey?: string, status?: number) {
    const known = code as ErrorCode;
    const key = messageKey ?? `common:${DEFAULT_KEY[known] ?? 'errors.internal'}`;
    super(key);
    this.code = code;
    this.status = status ?? STATUS[known] ?? 400;
    this.messageKey = key;
  }
}

/** The same error with values for its message's placeholders. */
export function withVars(err: AppError, vars: Record<string, string>): AppError {
  err.vars = vars;
  return err;
}

export const notFound = (key?: string) => new AppError(ERROR_CODE.NOT_FOUND, key);
export const validation = (key?: string) => new AppError(ERROR_CODE.VALIDATION, key);
export const unauthenticated = () => new AppError(ERROR_CODE.UNAUTHENTICATED);
export const forbidden = () => new AppError(ERROR_CODE.FORBIDDEN);
