/** Customer-service contact schema (`contact-kf-info`). */
import { z } from 'zod';
import { envelope } from './envelope.ts';

export const contactInfoBody = z.strictObject({ overall: z.coerce.number().int() });
export const contactInfoData = z.object({ email: z.string(), smWa: z.string() });
export type ContactInfo = z.infer<typeof contactInfoData>;
export const contactInfoReply = envelope(contactInfoData);
