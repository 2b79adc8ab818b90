import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { lazy, type ReactNode, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PAY_TYPE } from '../../../shared/contract/constants.ts';
import type { StatusData, VcodeData } from '../../../shared/contract/repayment.ts';
import { repaymentPay } from '../../../shared/i18n/repayment-pay.ts';
import { H5_PATHS, withQuery } from '../../../shared/routes.ts';
import { isNetworkFailure, isNotFound } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { addCopy } from '../../lib/i18n.ts';
import { loanChanged } from '../../lib/loan-freshness.ts';
import { openTarget } from '../../lib/open-target.ts';
import { sessionMarket } from '../../lib/session-params.ts';
import { toast } from '../../lib/toast.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { type PayChoice, payPageChoice } from './pay-choice.ts';
import {
  type BillRef,
  fetchPaymentStatus,
  isRefusal,
  type PayAddress,
  payAddressParam,
  payKeys,
  paymentStatusQuery,
  vcodeBodyOf,
  vcodeQuery,
} from './pay-queries.ts';
import './pay-page.css';

/*
 * The QR and barcode drawing (and the QR encoder library) load after the screen, not with it: the number
 * and its Copy button come first, and every repayment screen's first load stays within 200 KB gzip.
 */
const QrCode = lazy(() => import('./qr-code.tsx').then((m) => ({ default: m.QrCode })));
const Barcode = lazy(() => import('./barcode.tsx').then((m) => ({ default: m.Barcode })));
/** India only: Indonesian borrowers never download it. */
const UtrForm = lazy(() => import('./utr-form.tsx').then((m) => ({ default: m.UtrForm })));
/** Loaded on the first tap of "I have paid", kept mounted after (its close animates). */
const TipsPopup = lazy(() => import('./tips-popup.tsx').then((m) => ({ default: m.TipsPopup })));
/** Shown only once the borrower has asked where the payment stands (same chunk as the popup). */
const StatusResult = lazy(() => import('./tips-popup.tsx').then((m) => ({ default: m.StatusResult })));

// The repayment copy loads with its screens (both pages register it; the second call is a no-op).
addCopy({ repaymentPay });

/** The countdown ticks once a second. */
export const TICK_MS = 1000;

/** Time left as hh:mm:ss (hours may pass 24: a code can hold for days). */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** Only a UPI intent link is offered as "Open UPI app": never a `javascript:` or web address. */
function upiLink(link: string): string | null {
  return /^upi:\/\/[^\s]+$/i.test(link.trim()) ? link.trim() : null;
}

function detailsPath(address: PayAddress): string {
  return `${H5_PATHS.loanDetails}?${new URLSearchParams({
    orderId: address.orderId,
    ...(address.productId !== undefined ? { productId: String(address.productId) } : {}),
  })}`;
}

/** The repayment instructions, with this way to pay open, and the way back to this loan. */
function instructionsPath(address: PayAddress, data: VcodeData, method: string): string {
  const way =
    data.payType === String(PAY_TYPE.UPI)
      ? 'upi'
      : data.payType === String(PAY_TYPE.STORE)
        ? 'store'
        : method;
  return withQuery(H5_PATHS.repaymentInstruction, {
    orderId: address.orderId,
    ...(address.productId !== undefined ? { productId: address.productId } : {}),
    ...(way ? { method: way } : {}),
  });
}

/**
 * The pay screen, `/that` (spec §2, §4): the virtual account, store pay code or UPI request for the
 * amount, with its bill, expiry and countdown, a QR code or barcode, the steps to pay, and "I have paid".
 * The way to pay is the chooser's (pay-choice.ts); in Indonesia, with none stored, the borrower is sent
 * to choose first. India pays by UPI and can also send the UTR of a payment made elsewhere.
 */
export function PayPage() {
  const { t } = useTranslation('repaymentPay');
  const [params] = useSearchParams();
  const location = useLocation();
  const address = useMemo(() => payAddressParam(params), [params]);
  // Read once per visit: the chooser writes it, then opens this page anew.
  const [choice] = useState(() => payPageChoice(sessionMarket()));
  const title = t('title');

  if (address && !choice) return <Navigate replace to={`${H5_PATHS.repayChooser}${location.search}`} />;
  return (
    <main className="shell-page repay-pay">
      <title>{title}</title>
      <h1>{title}</h1>
      {address && choice ? <PayCode address={address} choice={choice} /> : <BillNotFound />}
    </main>
  );
}

function BillNotFound() {
  const { t } = useTranslation('repaymentPay');
  return (
    <PageEmpty text={t('states.notFound')}>
      <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'goHome' })}>
        {t('states.home')}
      </button>
    </PageEmpty>
  );
}

function PayCode({ address, choice }: { address: PayAddress; choice: PayChoice }) {
  const { t } = useTranslation('repaymentPay');
  const body = useMemo(() => vcodeBodyOf(address, choice), [address, choice]);
  // Once its bill is paid the page says so, and asks for no code again (that would issue the next bill).
  const [paid, setPaid] = useState(false);
  // Asked here, not by the route's loader (decision 031); the server answers a repeat with the same
  // open code, so a reload or a second tab shows the same number.
  const code = useQuery({ ...vcodeQuery(body), enabled: !paid });
  const offline = code.isError && isNetworkFailure(code.error);
  const { refetch } = code;
  useRetryWhenOnline(offline, refetch);

  if (paid || code.data?.state === 'credited') return <Paid address={address} focus={paid} />;
  if (code.isPending) return <CodeSkeleton />;
  if (code.isError) {
    if (isNotFound(code.error)) return <BillNotFound />;
    if (isRefusal(code.error)) return <Refusal message={code.error.message} address={address} />;
    const message = offline ? t('states.offline') : `${t('states.codeError')} ${code.error.message}`;
    return <PageError message={message.trim()} onRetry={() => void refetch()} />;
  }
  return (
    <CodeDetails
      // A new code (after the old one expired) starts afresh: its own countdown, no old answers.
      key={`${code.data.billNo}:${code.data.expiresAt}`}
      data={code.data}
      address={address}
      method={choice.method}
      renewing={code.isFetching}
      onRenew={() => void refetch()}
      onPaid={() => setPaid(true)}
    />
  );
}

/** The server will not issue this code (an amount it no longer offers…): its reason, and a way back. */
function Refusal({ message, address }: { message: string; address: PayAddress }) {
  const { t } = useTranslation('repaymentPay');
  const location = useLocation();
  return (
    <div className="page-state repay-refusal" role="alert">
      <p>{message || t('pay.refused')}</p>
      <Link className="shell-button" to={detailsPath(address)}>
        {t('states.backToDetails')}
      </Link>
      <Link className="repay-link" to={`${H5_PATHS.repayChooser}${location.search}`}>
        {t('states.chooseAnother')}
      </Link>
    </div>
  );
}

/**
 * The bill is paid: nothing to pay (no code, countdown, steps or "I have paid"), the way to the loan's
 * details.
 */
function Paid({ address, focus = false }: { address: PayAddress; focus?: boolean }) {
  const { t } = useTranslation('repaymentPay');
  const heading = useRef<HTMLHeadingElement>(null);
  // Seen on the page by itself (the code it replaced was there a moment ago): screen readers and
  // keyboards are taken to it.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className="repay-card repay-paid" aria-labelledby="repay-paid">
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="#087a50" />
        <path d="m19 33 9 9 17-19" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <h2 id="repay-paid" ref={heading} tabIndex={-1}>
        {t('pay.paidTitle')}
      </h2>
      <p>{t('pay.paidText')}</p>
      <Link className="shell-button" to={detailsPath(address)}>
        {t('pay.details')}
      </Link>
    </section>
  );
}

interface CodeProps {
  data: VcodeData;
  address: PayAddress;
  /** The way to pay the borrower chose at the bank: its steps open first. */
  method: string;
  renewing: boolean;
  onRenew: () => void;
  /** The bill's payment is credited: the page shows it paid. */
  onPaid: () => void;
}

function CodeDetails({ data, address, method, renewing, onRenew, onPaid }: CodeProps) {
  const { t } = useTranslation('repaymentPay');
  const location = useLocation();
  const navigate = useNavigate();
  const [expired, setExpired] = useState(
    () => data.state === 'expired' || Date.parse(data.expiresAt) <= Date.now(),
  );
  const [tipsOpen, setTipsOpen] = useState(false);
  const [tipsLoaded, setTipsLoaded] = useState(false);
  const openTips = () => {
    setTipsLoaded(true);
    setTipsOpen(true);
  };
  const [checking, setChecking] = useState(false);
  /** The borrower asked ("I have paid"): even "not received yet" is then an answer to show. */
  const [asked, setAsked] = useState(false);
  const bill: BillRef = useMemo(
    () => ({ orderId: address.orderId, productId: address.productId, billNo: data.billNo }),
    [address.orderId, address.productId, data.billNo],
  );
  const upi = data.payType === String(PAY_TYPE.UPI) ? data.upi : null;
  const queryClient = useQueryClient();
  // Asked every few seconds while undecided and the page is shown (pay-queries.ts).
  const polled = useQuery(paymentStatusQuery(bill));
  const status = polled.data ?? null;
  const credited = status?.state === 'credited';
  useEffect(() => {
    if (!credited) return;
    // Every screen showing the loan asks again (here, and in another tab on it).
    loanChanged(queryClient, bill.orderId);
    onPaid();
  }, [credited, queryClient, bill.orderId, onPaid]);
  /** The server's answer to the borrower's own question ("I have paid", a UTR): shown, whatever it is. */
  const answered = (next: StatusData) => {
    setAsked(true);
    // The poll goes on from this answer (a UTR received is watched until it is credited).
    queryClient.setQueryData(payKeys.status(bill), next);
  };

  const confirmPaid = async () => {
    setTipsOpen(false);
    setChecking(true);
    const result = await fetchPaymentStatus(bill);
    setChecking(false);
    // A failure has been toasted with the server's words by the request helper.
    if (result.ok && result.data) answered(result.data);
  };
  // Found by the poll, an answer shows when it says something happened; "not yet" only when asked.
  const shown =
    status && (asked || status.state === 'received' || status.state === 'rejected') ? status : null;

  const openDetails = (url: string) => {
    if (!openTarget(url, navigate)) void navigate(detailsPath(address));
  };

  return (
    <>
      <section className="repay-card repay-summary" aria-labelledby="repay-total">
        <h2 id="repay-total" className="repay-label">
          {t('pay.total')}
        </h2>
        <p className="repay-total">{data.amountText}</p>
        <dl className="repay-rows">
          <div>
            <dt>{t('pay.payTo')}</dt>
            <dd>{data.payName}</dd>
          </div>
          <div>
            <dt>{t('pay.purpose')}</dt>
            <dd>{data.purposeText}</dd>
          </div>
          <div>
            <dt>{t('pay.bill')}</dt>
            <dd>{data.billNo}</dd>
          </div>
          <div>
            <dt>{t('pay.expires')}</dt>
            <dd>
              <time dateTime={data.expiresAt}>{data.expiresText}</time>
            </dd>
          </div>
          {expired ? null : (
            <div>
              <dt>{t('pay.timeLeft')}</dt>
              <dd>
                <Countdown expiresAt={data.expiresAt} onExpire={() => setExpired(true)} />
              </dd>
            </div>
          )}
        </dl>
      </section>

      {expired ? (
        <section className="repay-card repay-expired" role="alert" aria-labelledby="repay-expired">
          <h2 id="repay-expired">{t('pay.expired')}</h2>
          <p>{t('pay.expiredText')}</p>
          <Button block color="primary" loading={renewing} onClick={onRenew}>
            {t('pay.newCode')}
          </Button>
        </section>
      ) : (
        <>
          <PayNumber data={data} />
          {upi ? <UpiBlock upi={upi} /> : null}
          <Steps data={data} method={method} />
        </>
      )}

      {upi ? (
        <Suspense fallback={null}>
          <UtrForm bill={bill} onResult={answered} />
        </Suspense>
      ) : null}

      <div className="repay-status-region" role="status">
        {checking ? <p className="repay-checking">{t('pay.checking')}</p> : null}
        {shown && !checking ? (
          <Suspense fallback={null}>
            <StatusResult status={shown} onDetails={openDetails} />
          </Suspense>
        ) : null}
      </div>

      <nav className="repay-card repay-links" aria-label={t('title')}>
        <Link to={`${H5_PATHS.repayChooser}${location.search}`}>
          {t('pay.changeMethod')}
          <span aria-hidden="true">›</span>
        </Link>
        <Link to={instructionsPath(address, data, method)}>
          {t('pay.instructions')}
          <span aria-hidden="true">›</span>
        </Link>
        <Link to={`${H5_PATHS.complaint}?${new URLSearchParams({ orderNo: address.orderId })}`}>
          {t('pay.complaint')}
          <span aria-hidden="true">›</span>
        </Link>
      </nav>

      <div className="repay-actions">
        <Button block color="primary" size="large" loading={checking} onClick={openTips}>
          {t('pay.paid')}
        </Button>
      </div>

      {tipsLoaded ? (
        <Suspense fallback={null}>
          <TipsPopup
            visible={tipsOpen}
            onCancel={() => setTipsOpen(false)}
            onConfirm={() => void confirmPaid()}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Time left until `expiresAt`, ticking each second; tells the page once when it reaches zero. */
function Countdown({ expiresAt, onExpire }: { expiresAt: string; onExpire: () => void }) {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const left = Number.isFinite(end) ? end - now : Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (left <= 0) onExpire();
  }, [left, onExpire]);
  if (!Number.isFinite(left)) return null;
  // A timer is not read out each second (role timer is not live); the value is there when asked.
  return (
    <span className="repay-countdown" role="timer">
      {formatTimeLeft(left)}
    </span>
  );
}

/** The number to pay to, with Copy, and its QR code (bank VA, UPI) or barcode (mini market). */
function PayNumber({ data }: { data: VcodeData }) {
  const { t } = useTranslation('repaymentPay');
  const numberRef = useRef<HTMLParagraphElement>(null);
  const what = t(`pay.number.${data.payType}`);
  const headingId = useId();

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      // The digits alone: what a bank app's field takes (the spaces are for reading).
      await navigator.clipboard.writeText(data.vcode);
      toast.show(t('pay.copied'));
    } catch {
      // An older web view: the number is selected, so the phone's own Copy is one tap away.
      const selection = window.getSelection();
      if (numberRef.current && selection) {
        selection.removeAllRanges();
        selection.selectAllChildren(numberRef.current);
      }
      toast.show(t('pay.copyFallback'));
    }
  };

  return (
    <section className="repay-card repay-number" aria-labelledby={headingId}>
      <h2 id={headingId} className="repay-label">
        {what}
      </h2>
      <div className="repay-number-row">
        <p className="repay-number-value" ref={numberRef}>
          {data.cardNo}
        </p>
        <button
          type="button"
          className="repay-copy"
          aria-label={t('pay.copyLabel', { what: what.toLowerCase() })}
          onClick={() => void copy()}
        >
          {t('pay.copy')}
        </button>
      </div>
      {data.qrText ? (
        <Suspense fallback={<span className="repay-qr repay-code-wait" aria-hidden="true" />}>
          <QrCode
            className="repay-qr"
            text={data.qrText}
            label={
              data.payType === String(PAY_TYPE.UPI)
                ? t('pay.qrUpi', { amount: data.amountText, payee: data.upi?.vpa || data.payName })
                : t('pay.qr', { value: data.cardNo })
            }
          />
        </Suspense>
      ) : null}
      {data.barcodeText ? (
        <Suspense fallback={<span className="repay-barcode repay-code-wait" aria-hidden="true" />}>
          <Barcode
            className="repay-barcode"
            text={data.barcodeText}
            label={t('pay.barcode', { value: data.barcodeText })}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function UpiBlock({ upi }: { upi: NonNullable<VcodeData['upi']> }) {
  const { t } = useTranslation('repaymentPay');
  const link = upiLink(upi.link);
  return (
    <section className="repay-card repay-upi" aria-labelledby="repay-upi">
      <h2 id="repay-upi">{t('pay.upi.heading')}</h2>
      <dl className="repay-rows">
        <div>
          <dt>{t('pay.upi.vpa')}</dt>
          <dd>{upi.vpa}</dd>
        </div>
        <div>
          <dt>{t('pay.upi.payee')}</dt>
          <dd>{upi.payeeName}</dd>
        </div>
      </dl>
      {link ? (
        <a className="shell-button repay-upi-open" href={link}>
          {t('pay.upi.open')}
        </a>
      ) : null}
    </section>
  );
}

/** The steps: a bank's one group per way to pay, folded but the borrower's; a store's one list. */
function Steps({ data, method }: { data: VcodeData; method: string }) {
  const { t } = useTranslation('repaymentPay');
  const groups = data.payStep.filter((group) => group.steps.length > 0);
  if (groups.length === 0) return null;
  const bank = data.payType === String(PAY_TYPE.BANK) && groups.length > 1;
  const chosen = groups.findIndex((group) => group.key === method);
  const open = Math.max(chosen, 0);
  return (
    <section className="repay-card repay-steps" aria-labelledby="repay-steps">
      <h2 id="repay-steps">{t('pay.steps')}</h2>
      {bank ? (
        groups.map((group, index) => (
          <details key={group.name} className="repay-step-group" open={index === open}>
            <summary>{group.name}</summary>
            <StepList steps={group.steps} />
          </details>
        ))
      ) : (
        <StepList steps={groups.flatMap((group) => group.steps)} />
      )}
    </section>
  );
}

function StepList({ steps }: { steps: readonly string[] }) {
  return (
    <ol className="repay-step-list">
      {steps.map((step, index) => (
        // Steps may repeat word for word ("Press OK"): the position is part of the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={`${index}:${step}`}>{step}</li>
      ))}
    </ol>
  );
}

/** The page's frame while the code is on its way: the sections' names, placeholders for the figures. */
function CodeSkeleton() {
  const { t } = useTranslation('repaymentPay');
  const block = (children: ReactNode) => <div className="repay-card">{children}</div>;
  return (
    <SkeletonRegion label={t('pay.loading')}>
      <section className="repay-card" aria-labelledby="repay-total-loading">
        <h2 id="repay-total-loading" className="repay-label">
          {t('pay.total')}
        </h2>
        <SkeletonBlock width="50%" height="2rem" />
        <SkeletonLines lines={4} />
      </section>
      {block(
        <>
          <SkeletonBlock width="40%" />
          <SkeletonBlock width="80%" height="1.6rem" className="repay-skeleton-gap" />
          <SkeletonBlock width="160px" height="160px" className="repay-skeleton-qr" />
        </>,
      )}
      <section className="repay-card" aria-labelledby="repay-steps-loading">
        <h2 id="repay-steps-loading">{t('pay.steps')}</h2>
        <SkeletonLines lines={3} />
      </section>
    </SkeletonRegion>
  );
}
