import { ERROR_CODE } from '../../shared/contract/reply-codes.ts';
import { type ApiResult, isSessionEndedCode, NETWORK_ERROR_CODE } from './api-client.ts';

/** A failed call, thrown inside TanStack Query functions so queries get their error state. */
export class ApiFailure extends Error {
  // Declared, not a class field: the build targets ES2020, where a field needs a compiler helper module,
  // and this module loads with the H5 boot module, which shares nothing with the promotion page.
  declare readonly code: string | number;
  constructor(result: ApiResult<unknown>) {
    super(result.message);
    this.code = result.code;
  }
}

/**
 * Turns the request helper's result into data or a thrown ApiFailure, for `queryFn`. The helper has
 * already shown the failure toast (unless the call was silent), so screens only render the error state.
 */
export async function unwrap<T>(pending: Promise<ApiResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok || result.data === null) throw new ApiFailure(result);
  return result.data;
}

/** A failed call whose reply code is one of these (codes compare as text: `404` and `'404'` are one). */
export function failedWith(error: unknown, ...codes: string[]): boolean {
  return error instanceof ApiFailure && codes.includes(String(error.code));
}

/** The thing asked for is not there (or not the caller's): a second try will not change that. */
export function isNotFound(error: unknown): boolean {
  return failedWith(error, ERROR_CODE.NOT_FOUND);
}

/** The server refused the borrower's session: only signing in again helps, never a retry. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiFailure && isSessionEndedCode(error.code);
}

/** The request never reached the server (offline, or the network failed): no server said anything. */
export function isNetworkFailure(error: unknown): boolean {
  return failedWith(error, NETWORK_ERROR_CODE);
}

/**
 * A failure a second try may mend: the request never arrived (offline, a timeout), or the server failed
 * or was too busy to answer. Any other reply is the server's answer (not found, refused, invalid, too
 * many tries, signed out) and a second try gets the same one, a second later.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiFailure)) return true;
  return failedWith(error, NETWORK_ERROR_CODE, ERROR_CODE.INTERNAL, ERROR_CODE.UNAVAILABLE);
}

/** Every query's retry rule (each shell's query client): once, and only after a transient failure. */
export function retryOnceIfTransient(failures: number, error: unknown): boolean {
  return failures < 1 && isTransient(error);
}
