/**
 * What other features may use of identity (decision 055): the picture captcha, one-time codes by SMS or
 * call, their messages and refusals, and a phone number read for a market.
 */
export { captchaAnswer, captchaPng } from './captcha-image.ts';
export { codeText } from './code-messages.ts';
export { checkRefusal, sendRefusal } from './code-refusals.ts';
export { marketPhone } from './market-phone.ts';
export type { OneTimeCodes } from './one-time-codes.ts';
