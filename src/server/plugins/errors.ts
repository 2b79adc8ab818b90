import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODE } from '../../shared/contract/reply-codes.ts';
import { messageOf } from '../../shared/i18n/resources.ts';
import { AppError } from '../errors.ts';
import { langOf } from '../lang.ts';
import { isRedisUnavailable } from '../shared-state/index.ts';

/**
 * Codes that mean "not now" rather than "this query is wrong": network failures; PostgreSQL refusing
 * connections (55000 object not in prerequisite state, as when it will not accept connections; 53300
 * too many connections; 53400 configuration limit), a statement cancelled by its timeout (57014: a
 * request that waited on a lock), and the server shutting down or restarting (57P01-57P03).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '55000',
  '53300',
  '53400',
  '57014',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * Driver errors that mean "the database is not there right now" rather than "this query is wrong". A
 * connection killed inside a transaction (57P01, "Connection terminated") leaves its client "not
 * queryable": anything sent on it after (a ROLLBACK, a COMMIT) fails so, and that is "not now" too.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  // Drizzle wraps the driver's error; the reason is in `cause`.
  if (e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  return (
    UNAVAILABLE_CODES.has(code) ||
    code.startsWith('08') ||
    /timeout exceeded when trying to connect|Connection terminated|Cannot use a pool after calling end|database closed|PGlite is closed|is not queryable/i.test(
      message,
    )
  );
}

/** SQLSTATE of a unique-key violation: two requests raced to claim the same thing (e.g. one image). */
const UNIQUE_VIOLATION = '23505';

/**
 * A unique-key violation behind a failure, looking through Drizzle's wrapping (`cause`): the constraint's
 * name, or null when the failure is something else.
 */
export function uniqueViolation(err: unknown, depth = 0): { constraint: string | undefined } | null {
  if (!err || typeof err !== 'object' || depth > 3) return null;
  const e = err as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (e.code === UNIQUE_VIOLATION) {
    return { constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
  }
  return uniqueViolation(e.cause, depth + 1);
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  return reply.code(err.status).send({
    code: err.code,
    data: err.data ?? null,
    // The key travels with the error as data (`ns:key`, `common` when it names none).
    message: messageOf(langOf(req), err.messageKey, err.vars),
  });
}

/**
 * The one error handler: every failure leaves as `{code, data: null, message}` in the caller's
 * language. No stack, SQL or path ever reaches a reply; unexpected errors are logged with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      // A dependency that failed (the object store: adapters/storage.ts) is told as 503 and logged here,
      // by its name and code only: an SDK's error carries the whole HTTP exchange.
      if (error.status === 503 && error.cause) {
        const cause = error.cause as { name?: unknown; code?: unknown; message?: unknown };
        req.log.error({ cause: { name: cause.name, code: cause.code } }, 'dependency unavailable');
      }
      if (error.status === 429) {
        req.log.warn({ route: req.routeOptions.url }, 'rate limit hit');
        // A refusal that knows how long to wait says so (RFC 9110 Retry-After, in seconds).
        if (error.vars?.retryAfter) reply.header('retry-after', error.vars.retryAfter);
      }
      return sendError(req, reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      req.log.info({ issues: error.validation?.length }, 'request refused by schema');
      return sendError(req, reply, new AppError(ERROR_CODE.VALIDATION));
    }
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(req, reply, new AppError(ERROR_CODE.PAYLOAD_TOO_LARGE));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      req.log.info({ code: error.code }, 'bad request');
      return sendError(req, reply, new AppError(ERROR_CODE.VALIDATION));
    }
    const conflict = uniqueViolation(error);
    if (conflict) {
      // The loser of a race (two saves attaching the same image at once): nothing of its write was kept.
      // Only the constraint's name is logged, never the row values PostgreSQL puts in `detail`.
      req.log.warn({ code: UNIQUE_VIOLATION, constraint: conflict.constraint }, 'unique key conflict');
      return sendError(req, reply, new AppError(ERROR_CODE.CONFLICT, 'common:errors.duplicate'));
    }
    if (isDatabaseUnavailable(error)) {
      req.log.error({ code: (error as { code?: string }).code }, 'database unavailable');
      return sendError(req, reply, new AppError(ERROR_CODE.UNAVAILABLE));
    }
    if (isRedisUnavailable(error)) {
      // A rate-limit counter, the demo clock or an outbox could not be reached: "not now", like a database.
      req.log.error({ code: (error as { code?: string }).code }, 'shared state unavailable');
      return sendError(req, reply, new AppError(ERROR_CODE.UNAVAILABLE));
    }
    req.log.error({ err: error }, 'unexpected error');
    return sendError(req, reply, new AppError(ERROR_CODE.INTERNAL));
  });
});
