/** FAQ chatbot schemas (`get-qa-list`, `qa-record`); limits and record types are in constants.ts. */
import { z } from 'zod';
import { envelope } from './envelope.ts';
import { INT4_MAX, int, multiline, text } from './fields.ts';

export const qaItem = z.object({
  id: z.number().int(),
  title_local: z.string(),
  /** Categories only: a short tab label. */
  title_local_alias: z.string().nullable(),
  action_type: z.number().int(),
  /** Categories only: one of four icon names. */
  icon: z.string().nullable(),
});
export type QaItem = z.infer<typeof qaItem>;

export const qaListQuery = z.object({
  pid: int(0, INT4_MAX),
  orderNo: text(64).optional(),
});
export const qaListData = z.object({
  answerList: z.array(qaItem),
  /** The question whose answers these are (pid is a question), else null. */
  question: z.object({ id: z.number().int(), title_local: z.string() }).nullable(),
});
export type QaList = z.infer<typeof qaListData>;
export const qaListReply = envelope(qaListData);

export const qaRecordBody = z.strictObject({
  /** One of the borrower's own orders, or empty. */
  orderNo: text(64).default(''),
  type: int(1, 4),
  /** 1: '' ; 2: '1' resolved / '0' not resolved; 3: '1'…'5' stars; 4: the borrower's text. */
  value: multiline(1000).default(''),
  qaId: int(0, INT4_MAX).default(0),
});
export type QaRecord = z.infer<typeof qaRecordBody>;
/** `text`: the server's reply (thank-you text for stars 1-4, an offer of a human for free text). */
export const qaRecordData = z.object({
  text: z.string(),
  /** Free text: the best matching FAQ questions (full-text search in the market's language). */
  questions: z.array(
    z.object({ id: z.number().int(), title_local: z.string(), action_type: z.number().int() }),
  ),
  /** Star rating of 5: the app should open the store rating (native `goRate`). */
  goRate: z.boolean(),
});
export type QaRecordResult = z.infer<typeof qaRecordData>;
export const qaRecordReply = envelope(qaRecordData);
