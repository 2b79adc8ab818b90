import type { FastifyRequest } from 'fastify';
import { isLang, type Lang, MARKET_INFO } from '../shared/markets.ts';

/**
 * The language to answer in: an explicit `lang` (query, then body) or `x-lang` header, then the signed-in
 * borrower's market, then Accept-Language (Indonesian when it leads with `id`), else English.
 */
export function langOf(req: FastifyRequest): Lang {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (isLang(q)) return q;
  const b = (req.body as Record<string, unknown> | undefined)?.lang;
  if (isLang(b)) return b;
  const h = req.headers['x-lang'];
  if (isLang(h)) return h;
  if (req.borrower) return MARKET_INFO[req.borrower.market].lang;
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string' && /^\s*id\b/i.test(accept)) return 'id';
  return 'en';
}
