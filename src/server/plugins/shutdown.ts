import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODE } from '../../shared/contract/reply-codes.ts';
import { AppError } from '../errors.ts';

/**
 * Graceful shutdown: from the moment close() begins, requests that still reach this instance (on busy
 * keep-alive connections, pipelined) get a 503 envelope, and every reply, the in-flight ones included,
 * asks the client to close its connection. Without that, a keep-alive connection that was busy when
 * close() began stays open until its idle timeout and the process cannot finish within its grace period.
 */
export const shutdownPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks: an async hook costs a promise on every request of every route.
  app.addHook('onRequest', (_req, _reply, done) => {
    done(closing ? new AppError(ERROR_CODE.UNAVAILABLE) : undefined);
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
