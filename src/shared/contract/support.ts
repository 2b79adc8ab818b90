import { z } from 'zod';
import { envelope } from './envelope.ts';

/** Customer-service contact (spec §3, §7): POST /v3/personal-center/contact-kf-info, overall=30. */
export const CONTACT_INFO_OVERALL = 30;
export const contactInfoBody = z.strictObject({ overall: z.coerce.number().int() });
export const contactInfoData = z.object({ email: z.string(), smWa: z.string() });
export type ContactInfo = z.infer<typeof contactInfoData>;
export const contactInfoReply = envelope(contactInfoData);
