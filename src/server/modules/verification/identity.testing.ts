import type { FastifyInstance } from 'fastify';
import { CERTIFY_PATHS } from '../../../shared/contract/constants.ts';
import { verhoeffValid } from '../../../shared/domain/identity-documents.ts';
import type { Market } from '../../../shared/markets.ts';
import { multipart, photo } from '../../test/images.ts';

/** Tests' ways through the identity check's sandbox (decision 067). */

/** A valid Aadhaar (12 digits, Verhoeff) ending in `last4`: the sandbox answers by those four. */
export function aadhaarEnding(last4: string, from = 23456789): string {
  for (let n = from; ; n++) if (verhoeffValid(`${n}${last4}`)) return `${n}${last4}`;
}

/** Sends a selfie of `width`×`height` pixels (the sandbox's liveness and face answers go by its size). */
export async function sendSelfie(
  app: FastifyInstance,
  headers: Record<string, string>,
  size: { width?: number; height?: number } = {},
) {
  const form = multipart(
    'selfie',
    'me.jpg',
    'image/jpeg',
    await photo(size.width ?? 480, size.height ?? 640),
  );
  return app.inject({
    method: 'POST',
    url: CERTIFY_PATHS.identitySelfie,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

/**
 * The identity check passed as a borrower passes it: a selfie, then India the Aadhaar OTP (a number the
 * sandbox answers with the borrower's own record), Indonesia the Dukcapil match of the base step's NIK.
 * Answers the check's reply.
 */
export async function passIdentity(app: FastifyInstance, headers: Record<string, string>, market: Market) {
  const selfie = await sendSelfie(app, headers);
  if (selfie.statusCode !== 200) throw new Error(`selfie refused: ${selfie.body}`);
  let body: Record<string, string> = {};
  if (market === 'IN') {
    const sent = await app.inject({
      method: 'POST',
      url: CERTIFY_PATHS.identityOtp,
      headers,
      payload: { aadhaar: aadhaarEnding('4321') },
    });
    if (sent.statusCode !== 200) throw new Error(`OTP refused: ${sent.body}`);
    body = { reference: sent.json().data.reference, otp: '123456' };
  }
  return app.inject({ method: 'POST', url: CERTIFY_PATHS.identity, headers, payload: body });
}
