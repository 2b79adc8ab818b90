import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../shared/i18n/resources.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';

/** One HTTP/1.1 response read off a raw socket: enough of a parser for these small JSON replies. */
function readResponse(
  socket: Socket,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? 0);
      const body = Buffer.from(buffer.slice(end + 4), 'utf8');
      if (body.length < length) return;
      cleanup();
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') });
    };
    const onEnd = () => {
      cleanup();
      reject(new Error(`connection closed before a reply (${buffer.length} bytes read)`));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      socket.off('error', onError);
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onEnd);
    socket.on('error', onError);
  });
}

function send(socket: Socket, method: string, path: string, headers: Record<string, string> = {}, body = '') {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  return readResponse(socket);
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('a graceful stop, over real keep-alive connections', () => {
  let t: TestApp;
  let port: number;
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let started!: () => void;
  const slowStarted = new Promise<void>((r) => {
    started = r;
  });

  beforeAll(async () => {
    // A request that is still being worked on when the stop begins: a readiness check whose database
    // round trip waits until the test lets it go.
    t = await createTestApp({ SHUTDOWN_DRAIN_SECONDS: '5', SHUTDOWN_GRACE_SECONDS: '10' }, (database) => ({
      ...database,
      ping: async () => {
        started();
        await released;
        await database.ping();
      },
    }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    release();
    await t.close().catch(() => {});
  });

  it('answers requests on open connections 503 with Connection: close, finishes in-flight ones, then closes', async () => {
    const idle = await open(port);
    const busy = await open(port);
    const first = await send(idle, 'GET', '/healthz');
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe('keep-alive');

    const slow = send(busy, 'GET', '/readyz');
    await slowStarted;

    const closed = t.app.close();
    // The stop has begun; a POST arrives on the connection that was idle.
    await new Promise((r) => setTimeout(r, 50));
    const late = await send(
      idle,
      'POST',
      '/vdthg/v1/session/logout',
      { 'content-type': 'application/json', 'accept-language': 'id-ID' },
      '{}',
    );
    expect(late.status).toBe(503);
    expect(late.headers.connection).toBe('close');
    expect(JSON.parse(late.body)).toEqual({
      code: '503',
      data: null,
      message: translate('id', 'common', 'errors.unavailable'),
    });

    release();
    const finished = await slow;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toEqual({ ready: true });
    expect(finished.headers.connection).toBe('close');
    await closed;
    expect(t.app.server.listening).toBe(false);
  });
});
