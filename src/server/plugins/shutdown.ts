import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODE } from '../../shared/contract/reply-codes.ts';
import { AppError } from '../errors.ts';

/**
 * Graceful stop. From the moment close() begins, every request that still reaches this instance gets a
 * 503 envelope in the caller's language, and every reply (in-flight ones included) carries
 * `Connection: close`, so the client closes the connection itself knowing exactly what was not done.
 *
 * Node's `server.close()` closes idle keep-alive connections at once. A client that sends its POST on
 * such a connection at that moment sees a reset and cannot tell whether the POST was processed. So, while
 * the server is listening, close() first drains for up to `drainMs`: connections stay open and are read,
 * requests on them are answered 503 + `Connection: close` (readiness is 503 too, so a load balancer
 * stops sending). The drain ends early once no connection is left; then Fastify stops listening, closes
 * what is still idle and waits for in-flight requests.
 */
export const shutdownPlugin = fp(async (app: FastifyInstance, opts: { drainMs?: number }) => {
  const drainMs = opts.drainMs ?? 0;
  let closing = false;
  const sockets = new Set<Socket>();
  let changed: (() => void) | null = null;
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      changed?.();
    });
  });

  app.addHook('preClose', async () => {
    closing = true;
    if (drainMs <= 0 || !app.server.listening || sockets.size === 0) return;
    app.log.info({ connections: sockets.size, drainMs }, 'draining open connections');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, drainMs);
      function done() {
        clearTimeout(timer);
        changed = null;
        resolve();
      }
      changed = () => {
        if (sockets.size === 0) done();
      };
    });
  });
  // Callback hooks: an async hook costs a promise on every request of every route.
  app.addHook('onRequest', (_req, reply, done) => {
    if (closing) reply.header('connection', 'close');
    done(closing ? new AppError(ERROR_CODE.UNAVAILABLE) : undefined);
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
