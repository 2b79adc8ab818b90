import { z } from 'zod';
import { MARKETS } from '../markets.ts';
import { envelope } from './envelope.ts';

export const demoLoginBody = z.strictObject({ market: z.enum(MARKETS) });
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
