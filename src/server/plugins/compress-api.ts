import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pickEncoding } from './web.ts';

/**
 * API replies compressed where it pays (decision 020). A reply that fits in the first flight of TCP
 * segments (the initial congestion window, 10 segments of ~1.4 KB) arrives in the same round trip
 * compressed or not, so compressing it spends CPU on every request and saves the borrower no time:
 * measured on PostgreSQL, compressing a 2.5 KB page of complaints cost the route a fifth of its
 * throughput. Only bodies over 8 KB (an operator's long list, a page of 50) are compressed, with the
 * fastest settings: at these sizes they are within a few percent of the best ratio. Pages and assets
 * are precompressed by the build and never reach this hook compressed twice.
 */
export const API_COMPRESS_MIN_BYTES = 8192;
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
