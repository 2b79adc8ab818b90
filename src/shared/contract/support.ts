/** Customer-service contact schema (`contact-kf-info`). */
import { z } from 'zod';
import { envelope } from './envelope.ts';
import { INT4_MAX, int } from './fields.ts';

export const contactInfoBody = z.strictObject({ overall: int(0, INT4_MAX) });
export const contactInfoData = z.object({ email: z.string(), smWa: z.string() });
export type ContactInfo = z.infer<typeof contactInfoData>;
export const contactInfoReply = envelope(contactInfoData);
