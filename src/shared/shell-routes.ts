/**
 * Which single-page shell serves which browser path. The server answers these paths with the shell's
 * HTML; the shell's own router then takes over. The marketing site is not here: its pages are
 * pre-rendered files, one per route. Each feature adds its paths when it lands. Kept apart from
 * routes.ts, which every borrower screen loads: this table is for the server, the build and the
 * simulator, and would cost each screen's first load half a kilobyte for nothing.
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
  { path: '/receipts', shell: 'h5', module: 'features/repayment/receipts-page.tsx' },
  { path: '/repayment', shell: 'h5', module: 'features/repayment-card/card-repay-page.tsx' },
  { path: '/myData', shell: 'h5', module: 'features/data-rights/my-data-page.tsx' },
  {
    path: '/repaymentInstruction',
    shell: 'h5',
    module: 'features/repayment-instruction/repayment-instruction-page.tsx',
  },
  { path: '/bindBank', shell: 'h5', module: 'features/bind-bank/bind-bank-page.tsx' },
  { path: '/myLoans', shell: 'h5', module: 'features/my-loans/my-loans-page.tsx' },
  {
    path: '/verification',
    shell: 'h5',
    module: 'features/verification-progress/verification-progress-page.tsx',
  },
  { path: '/viewDocument', shell: 'h5', module: 'features/document-viewer/document-page.tsx' },
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
