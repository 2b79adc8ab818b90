/**
 * Receipts and the no-dues certificate (issue 9). Paths are here without zod, so the screens can use
 * them; the schemas are in documents-schema.ts.
 */
export const DOC_PATHS = {
  /** The borrower's receipts for one order: every payment applied to it, and whether a certificate is ready. */
  receipts: '/v3/loan-details/payment-receipts',
  /** A short-lived signed link to the order's no-dues certificate (PDF), once the order is settled. */
  certificate: '/v3/loan-details/no-dues-certificate',
  /** The PDF itself, opened by the signed link (`/<order no>?exp=&sig=`). */
  certificateFile: '/api/v1/documents/no-dues',
  /** Public: what a verification code printed on a certificate certifies (`?code=`). */
  verify: '/api/v1/documents/verify',
} as const;

/** The site's page where anyone can check a certificate's code (printed on the certificate). */
export const VERIFY_PAGE = '/verify';

/** A verification code: the order number, a dash and ten letters or digits of a keyed hash. */
export const VERIFICATION_CODE_PATTERN = /^[A-Z]{2}[0-9]{8,30}-[A-Z2-7]{10}$/;
