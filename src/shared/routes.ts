/**
 * Which single-page shell serves which browser path. The server answers these paths with the shell's
 * HTML; the shell's own router then takes over. The marketing site is not here: its pages are
 * pre-rendered files, one per route. Each feature adds its paths when it lands.
 */
export type Shell = 'h5' | 'promo' | 'admin' | 'dev';

export interface ShellRoute {
  path: string;
  shell: Shell;
  /** Exists only in demo mode (developer tools). */
  demoOnly?: boolean;
  /** Matches every path below it too (`/admin/...`). */
  prefix?: boolean;
  /**
   * The module that draws the screen (relative to src/web), for single-screen paths: the build gives the
   * path its own copy of the shell's HTML that asks for the screen's code and styles at once, beside the
   * entry, instead of after the entry has run (decision 027). Must be the module the shell's router loads.
   */
  module?: string;
}

export const SHELL_ROUTES: readonly ShellRoute[] = [
  { path: '/bridgeTest', shell: 'h5', demoOnly: true, module: 'features/bridge-test/bridge-test-page.tsx' },
  { path: '/complainNewPage', shell: 'h5', module: 'features/complaints/complaint-entry-page.tsx' },
  { path: '/complainPageNext', shell: 'h5', module: 'features/complaints/complaint-form-page.tsx' },
  { path: '/complaintList', shell: 'h5', module: 'features/complaints/complaint-list-page.tsx' },
  { path: '/complainDetails', shell: 'h5', module: 'features/complaints/complaint-details-page.tsx' },
  { path: '/intelligentCustomerService', shell: 'h5', module: 'features/chatbot/chatbot-page.tsx' },
  {
    path: '/customerService',
    shell: 'h5',
    module: 'features/customer-service/customer-service-page.tsx',
  },
  { path: '/relevant', shell: 'h5', module: 'features/products/relevant-page.tsx' },
  { path: '/jointLoginFail', shell: 'h5', module: 'features/products/joint-login-fail-page.tsx' },
  { path: '/aboutUs', shell: 'h5', module: 'features/products/about-us-page.tsx' },
  { path: '/loanConfirm', shell: 'h5', module: 'features/loan-confirm/loan-confirm-page.tsx' },
  { path: '/loanAgreement', shell: 'h5', module: 'features/loan-confirm/loan-agreement-page.tsx' },
  { path: '/loanDetails', shell: 'h5', module: 'features/loan-details/loan-details-page.tsx' },
  { path: '/installment', shell: 'h5', module: 'features/repayment/installment-page.tsx' },
  { path: '/repaymentDelay', shell: 'h5', module: 'features/repayment/delay-page.tsx' },
  { path: '/individual', shell: 'h5', module: 'features/repayment-pay/chooser-page.tsx' },
  { path: '/that', shell: 'h5', module: 'features/repayment-pay/pay-page.tsx' },
  { path: '/promotion', shell: 'promo', prefix: true },
  { path: '/admin', shell: 'admin', prefix: true },
  { path: '/testPreview', shell: 'dev', demoOnly: true },
  { path: '/simulator', shell: 'dev', demoOnly: true },
];

export function shellFor(pathname: string, demo: boolean): Shell | undefined {
  for (const r of SHELL_ROUTES) {
    if (r.demoOnly && !demo) continue;
    if (pathname === r.path || (r.prefix && pathname.startsWith(`${r.path}/`))) return r.shell;
  }
  return undefined;
}

/**
 * Paths of the borrower screens (product brief §1.2). The spec names some (`/relevant`, `/that`, …) and
 * leaves the rest "not shown"; these are ours (docs/decisions/004-routes.md). A path is served only
 * once its screen is in SHELL_ROUTES.
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
  jointLoginFail: '/jointLoginFail',
  loanAgreement: '/loanAgreement',
  repaymentInstruction: '/repaymentInstruction',
  bindBank: '/bindBank',
  repayment: '/repayment',
  privacyPolicy: '/privacyPolicy',
  bridgeTest: '/bridgeTest',
} as const;

/** A path with its query (`/loanDetails?orderId=…`): values as text, encoded. */
export function withQuery(path: string, query: Record<string, string | number>): string {
  return `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
}
