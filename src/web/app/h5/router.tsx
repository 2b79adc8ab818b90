import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sessionLang } from '../../lib/session-params.ts';
import { antdScreen } from '../../ui/antd-lazy.ts';
import { RouteError } from '../../ui/route-error.tsx';
import { claimingClient } from './first-call.ts';
import { FIRST_CALLS, type Prefetch } from './first-calls.ts';
import { NotFoundPage } from './not-found-page.tsx';

export interface H5Screen {
  path: string;
  /** The screen's own chunk (antd-mobile loads beside it, see antd-lazy.ts). */
  load: () => Promise<ComponentType>;
}

/*
 * Each screen's first query is in FIRST_CALLS (first-calls.ts), which the page's boot module reads too.
 * The features' query modules are imported statically: they are small (keys, paths, a call each) and
 * need only what the boot module already has, so the request leaves before the entry has arrived
 * (decision 039). A dynamic import would cost a round trip first, and in this build it would wait for
 * antd-mobile too (the feature's shared chunk imports the screens' shared code, which imports antd;
 * docs/decisions/019).
 */
/** The borrower screens. Each screen is its own chunk, so a web view downloads only what it opens. */
export const h5Screens: readonly H5Screen[] = [
  {
    path: H5_PATHS.bridgeTest,
    load: () => import('../../features/bridge-test/bridge-test-page.tsx').then((m) => m.BridgeTestPage),
  },
  {
    path: H5_PATHS.complaint,
    load: () =>
      import('../../features/complaints/complaint-entry-page.tsx').then((m) => m.ComplaintEntryPage),
  },
  {
    path: H5_PATHS.complaintForm,
    load: () => import('../../features/complaints/complaint-form-page.tsx').then((m) => m.ComplaintFormPage),
  },
  {
    path: H5_PATHS.complaintList,
    load: () => import('../../features/complaints/complaint-list-page.tsx').then((m) => m.ComplaintListPage),
  },
  {
    path: H5_PATHS.complaintDetails,
    load: () =>
      import('../../features/complaints/complaint-details-page.tsx').then((m) => m.ComplaintDetailsPage),
  },
  {
    path: H5_PATHS.chatbot,
    load: () => import('../../features/chatbot/chatbot-page.tsx').then((m) => m.ChatbotPage),
  },
  {
    path: H5_PATHS.customerService,
    load: () =>
      import('../../features/customer-service/customer-service-page.tsx').then((m) => m.CustomerServicePage),
  },
  {
    path: H5_PATHS.relevant,
    load: () => import('../../features/products/relevant-page.tsx').then((m) => m.RelevantPage),
  },
  {
    path: H5_PATHS.jointLoginFail,
    load: () => import('../../features/products/joint-login-fail-page.tsx').then((m) => m.JointLoginFailPage),
  },
  {
    path: H5_PATHS.aboutUs,
    load: () => import('../../features/products/about-us-page.tsx').then((m) => m.AboutUsPage),
  },
  {
    path: H5_PATHS.loanConfirm,
    load: () => import('../../features/loan-confirm/loan-confirm-page.tsx').then((m) => m.LoanConfirmPage),
  },
  {
    path: H5_PATHS.loanAgreement,
    load: () =>
      import('../../features/loan-confirm/loan-agreement-page.tsx').then((m) => m.LoanAgreementPage),
  },
  {
    path: H5_PATHS.loanDetails,
    load: () => import('../../features/loan-details/loan-details-page.tsx').then((m) => m.LoanDetailsPage),
  },
  {
    path: H5_PATHS.installments,
    load: () => import('../../features/repayment/installment-page.tsx').then((m) => m.InstallmentPage),
  },
  {
    path: H5_PATHS.extension,
    load: () => import('../../features/repayment/delay-page.tsx').then((m) => m.DelayPage),
  },
  // The chooser and the pay page start their calls themselves: they are opened from the plan or the
  // extension offer, inside the app, with antd-mobile already loaded and their own chunks small, and
  // their query modules (the stored pay choice, the pay-code body) would cost every screen's entry
  // 1.3 KB brotli (decision 031).
  {
    path: H5_PATHS.repayChooser,
    load: () => import('../../features/repayment-pay/chooser-page.tsx').then((m) => m.ChooserPage),
  },
  {
    path: H5_PATHS.virtualAccount,
    load: () => import('../../features/repayment-pay/pay-page.tsx').then((m) => m.PayPage),
  },
  // Opened from the loan details or the plan; its query module stays out of the entry as the pay
  // screens' do.
  {
    path: H5_PATHS.receipts,
    load: () => import('../../features/repayment/receipts-page.tsx').then((m) => m.ReceiptsPage),
  },
  // The bank-card repayment starts its call itself too: its query module in the entry would grow every
  // screen's first load for a screen few borrowers open (decision 032).
  {
    path: H5_PATHS.repayment,
    load: () => import('../../features/repayment-card/card-repay-page.tsx').then((m) => m.CardRepayPage),
  },
  // How to pay, per way and market (issue 29): copy only, no first call.
  {
    path: H5_PATHS.repaymentInstruction,
    load: () =>
      import('../../features/repayment-instruction/repayment-instruction-page.tsx').then(
        (m) => m.RepaymentInstructionPage,
      ),
  },
  // The bank account (issue 30, decision 065): asks for the current account itself.
  {
    path: H5_PATHS.bindBank,
    load: () => import('../../features/bind-bank/bind-bank-page.tsx').then((m) => m.BindBankPage),
  },
  // My loans (issue 30): its query module stays out of the entry, which is at its budget; the screen
  // asks for its first page itself.
  {
    path: H5_PATHS.myLoans,
    load: () => import('../../features/my-loans/my-loans-page.tsx').then((m) => m.MyLoansPage),
  },
  // Verification progress (issue 30, decision 069): asks for the steps itself, like My loans.
  {
    path: H5_PATHS.verification,
    load: () =>
      import('../../features/verification-progress/verification-progress-page.tsx').then(
        (m) => m.VerificationProgressPage,
      ),
  },
  // Opened from customer service; its query module stays out of the entry, which is at its budget.
  {
    path: H5_PATHS.myData,
    load: () => import('../../features/data-rights/my-data-page.tsx').then((m) => m.MyDataPage),
  },
  // Opened from the receipts or "My data" with the document in the history entry's state (issue 29).
  {
    path: H5_PATHS.document,
    load: () => import('../../features/document-viewer/document-page.tsx').then((m) => m.DocumentPage),
  },
];

/**
 * A loader that starts the screen's first query and returns at once. Not awaited, on purpose: awaiting
 * would hold the whole route (the screen's frame included) until the reply, where the aim is to draw the
 * frame as soon as the code is in and fill it when the data is. The screen's useQuery uses the same key,
 * so it picks up this request in flight instead of sending its own. Skipped when the data is fresh
 * (prefetchQuery honours staleTime), so revisiting a screen or switching a tab asks nothing new.
 */
export function prefetchLoader(queryClient: QueryClient, prefetch: Prefetch): LoaderFunction {
  // A call the page's boot module already started for this query is taken over rather than asked again.
  const client = claimingClient(queryClient);
  return ({ request }) => {
    // prefetchQuery never rejects (a failure is the query's error state, which the screen shows).
    void prefetch(client, new URL(request.url));
    return null;
  };
}

/** The shell is rendered in the browser only; nothing to show while the first route chunk loads. */
function NothingYet() {
  return null;
}

/** The H5 shell's routes; the loaders and the screens share `queryClient`. */
export function createH5Routes(
  queryClient: QueryClient,
  screens: readonly H5Screen[] = h5Screens,
): RouteObject[] {
  return [
    {
      path: '/',
      HydrateFallback: NothingYet,
      errorElement: <RouteError />,
      children: [
        ...screens.map((screen): RouteObject => {
          // The screen's first query, from the one table the page's boot module reads too.
          const first = FIRST_CALLS[screen.path];
          return {
            path: screen.path,
            // A static loader runs in parallel with `lazy` (react-router does not wait for the chunk).
            ...(first ? { loader: prefetchLoader(queryClient, first) } : {}),
            lazy: antdScreen(sessionLang, screen.load, (Component) => Component),
          };
        }),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

export function createH5Router(queryClient: QueryClient) {
  return createBrowserRouter(createH5Routes(queryClient));
}
