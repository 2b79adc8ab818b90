import { z } from 'zod';
import { MARKETS } from '../markets.ts';
import { envelope } from './envelope.ts';
import { int } from './fields.ts';

/**
 * Demo sign-in (demo mode only): the market and, optionally, which of its demo borrowers (1 = the first,
 * the default), so two borrowers of one market can be tried against each other.
 */
export const demoLoginBody = z.strictObject({ market: z.enum(MARKETS), borrower: int(1, 9).optional() });
export const demoBorrowersQuery = z.strictObject({ market: z.enum(MARKETS) });
export const demoBorrowersReply = envelope(
  z.array(
    z.object({ borrower: z.number().int(), userId: z.number().int(), name: z.string(), phone: z.string() }),
  ),
);
export const demoLoginData = z.object({
  token: z.string(),
  userId: z.number().int(),
  market: z.enum(MARKETS),
  phone: z.string(),
  name: z.string(),
  deviceId: z.string(),
});
export const demoLoginReply = envelope(demoLoginData);
export type DemoLogin = z.infer<typeof demoLoginData>;

export const meData = z.object({ userId: z.number().int(), market: z.enum(MARKETS), name: z.string() });
export const meReply = envelope(meData);
export const logoutReply = envelope(z.null());
