import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pickEncoding } from './web.ts';

/**
 * API replies compressed where it pays (decision 018): a reply that fits in one TCP segment gains
 * nothing, so only bodies over ~1.4 KB are compressed (a page of 20 complaints, 3.5 KB, becomes ~0.5 KB
 * for ~50 µs of CPU). Fastest settings: at these sizes they are within a few percent of the best ratio.
 * Pages and assets are precompressed by the build and never reach this hook compressed twice.
 */
export const API_COMPRESS_MIN_BYTES = 1400;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

export const compressApiPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < API_COMPRESS_MIN_BYTES) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    const encoding = pickEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
    if (!encoding) return done(null, payload);
    const body = encoding === 'br' ? brotliCompressSync(payload, BROTLI) : gzipSync(payload, { level: 1 });
    const vary = reply.getHeader('vary');
    reply
      .header('content-encoding', encoding)
      .header('vary', typeof vary === 'string' && vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
      .removeHeader('content-length');
    done(null, body);
  });
});
