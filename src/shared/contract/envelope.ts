import { z } from 'zod';

/** Every reply is `{ code, data, message }` (product brief §3); codes are in reply-codes.ts. */
export const replyCode = z.union([z.string(), z.number()]);

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: replyCode, data, message: z.string() });
}

export const errorEnvelope = z.object({ code: replyCode, data: z.null(), message: z.string() });
export type ErrorReply = z.infer<typeof errorEnvelope>;
