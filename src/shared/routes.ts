/**
 * Paths of the borrower screens (product brief §1.2). The spec names some (`/relevant`, `/that`, …) and
 * leaves the rest "not shown"; these are ours (docs/decisions/004-routes.md). A path is served only
 * once its screen is in SHELL_ROUTES (shell-routes.ts).
 */
export const H5_PATHS = {
  /** The complaint entry: order card, "All" orders, question types, "My complaints" (spec's chooser). */
  complaint: '/complainNewPage',
  complaintForm: '/complainPageNext',
  complaintList: '/complaintList',
  complaintDetails: '/complainDetails',
  chatbot: '/intelligentCustomerService',
  customerService: '/customerService',
  aboutUs: '/aboutUs',
  loanConfirm: '/loanConfirm',
  loanDetails: '/loanDetails',
  relevant: '/relevant',
  installments: '/installment',
  extension: '/repaymentDelay',
  repayChooser: '/individual',
  virtualAccount: '/that',
  /** Payments and receipts of one order, and its no-dues certificate once settled (ours, issue 9). */
  receipts: '/receipts',
  jointLoginFail: '/jointLoginFail',
  loanAgreement: '/loanAgreement',
  repaymentInstruction: '/repaymentInstruction',
  bindBank: '/bindBank',
  repayment: '/repayment',
  privacyPolicy: '/privacyPolicy',
  /** What we hold on the borrower, their privacy-rights requests, the copy and account cancellation (035). */
  myData: '/myData',
  /** Every order of the borrower, open ones first (issue 30). */
  myLoans: '/myLoans',
  /** The verification steps, their status and the next one (issue 30, decision 069). */
  verification: '/verification',
  /** A document opened from a screen (the certificate, the data copy), with the way back (issue 29). */
  document: '/viewDocument',
  bridgeTest: '/bridgeTest',
} as const;

/** A path with its query (`/loanDetails?orderId=…`): values as text, encoded. */
export function withQuery(path: string, query: Record<string, string | number>): string {
  return `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
}
