import { createHmac, randomUUID } from 'node:crypto';

/**
 * A new gateway event, signed as the provider signs (HMAC-SHA256 over `${timestamp}.${body}`). Its code
 * is one we never issued, so each runs the crediting transaction to its review outcome ("unmatched"):
 * the event and the payment recorded, the code looked up, the reason written.
 */
export function signedCallback(opts: { secret: string; currency: 'INR' | 'IDR' }) {
  const id = randomUUID();
  const body = JSON.stringify({
    eventId: `evt_${id}`,
    type: 'payment.paid',
    paymentId: `pay_${id}`,
    vcode: `BENCH${id.slice(0, 8)}`,
    amount: 100_000,
    currency: opts.currency,
    paidAt: new Date().toISOString(),
  });
  const ts = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', opts.secret).update(`${ts}.${body}`).digest('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-gateway-timestamp': String(ts),
      'x-gateway-signature': signature,
    },
  };
}
