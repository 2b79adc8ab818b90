import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SMS_CODE } from '../../../shared/contract/identity.ts';
import type { WayData } from '../../../shared/contract/repayment-card-schema.ts';
import { repaymentCard } from '../../../shared/i18n/repayment-card.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { type ApiFailure, isNetworkFailure, isNotFound } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { codeDigits } from '../../lib/code-digits.ts';
import { addCopy } from '../../lib/i18n.ts';
import { withSessionParams } from '../../lib/session-params.ts';
import { toast } from '../../lib/toast.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import {
  cardRepayAddress,
  commitRepayment,
  confirmRepayment,
  type Failure,
  failureOf,
  wayQuery,
} from './card-repay-api.ts';
import './card-repay-page.css';

// The screen's copy loads with it, not with every screen.
addCopy({ repaymentCard });

/**
 * Repaying with a saved bank card, `/repayment` (spec §3 "Payment store", §4, §5, §8, §9; decision 032):
 * the amount due, the borrower's cards as radio options and "Pay now". A card that needs it gets an SMS
 * code (the button counts down 60 s before another may be sent); the right code charges the card, and the
 * borrower lands on the loan details. The address may name the order and an amount (`orderId`,
 * `amount`); without them the server picks the live order that falls due first.
 */
export function CardRepayPage() {
  const { t } = useTranslation('repaymentCard');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const address = useMemo(() => cardRepayAddress(params), [params]);
  const result = useQuery(wayQuery(address));
  const offline = result.isError && isNetworkFailure(result.error);
  const { refetch } = result;
  useRetryWhenOnline(offline, refetch);

  const back = () => {
    // react-router marks the first page of this web view 'default': there is nothing of ours behind it.
    if (location.key !== 'default') void navigate(-1);
    else if (result.data) void navigate(withSessionParams(result.data.detailsUrl), { replace: true });
    else sendBridge({ type: 'goHome' });
  };

  let body: ReactNode;
  if (result.isPending) body = <PaymentSkeleton />;
  else if (result.isError) {
    // No live loan, or another borrower's order: the same answer (security baseline 8.2.2).
    body = isNotFound(result.error) ? (
      <PageEmpty text={t('states.notFound')}>
        <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'goHome' })}>
          {t('states.home')}
        </button>
      </PageEmpty>
    ) : (
      <PageError
        message={
          offline ? t('states.offline') : `${t('messages.cardListFailed')} ${result.error.message}`.trim()
        }
        onRetry={() => void refetch()}
      />
    );
  } else body = <Payment data={result.data} onStale={() => void refetch()} />;

  const title = t('title');
  return (
    <main className="shell-page card-repay">
      <title>{title}</title>
      <button type="button" className="card-repay-back" onClick={back}>
        <span aria-hidden="true">‹ </span>
        {t('back')}
      </button>
      <h1>{title}</h1>
      {body}
    </main>
  );
}

/** A repayment committed to a card and waiting for its SMS code. */
interface Waiting {
  recordId: number;
  cardId: number;
}

function Payment({ data, onStale }: { data: WayData; onStale: () => void }) {
  const { t } = useTranslation('repaymentCard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [cardId, setCardId] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [code, setCode] = useState('');
  const countdown = useCountdown();
  const codeInput = useRef<HTMLInputElement>(null);
  const amountId = useId();
  const codeHeadingId = useId();
  const codeHintId = useId();
  const codeInputId = useId();
  const card = data.bankCards.find((c) => c.id === cardId) ?? null;

  // The code goes where the borrower's attention is: the field, as soon as it is there.
  useEffect(() => {
    if (waiting) codeInput.current?.focus();
  }, [waiting]);

  const failed = (res: ApiFailure): Failure => {
    const failure = failureOf(res, t('errors.internal', { ns: 'common' }));
    toast.show(failure === 'server' || failure === 'network' ? res.message : t(`messages.${failure}`));
    return failure;
  };

  const finish = (detailsUrl: string, message: string) => {
    // Every figure of this loan changed: screens opened next ask again rather than show the cache.
    void queryClient.invalidateQueries({ refetchType: 'none' });
    if (message) toast.show(message);
    void navigate(withSessionParams(detailsUrl), { replace: true });
  };

  const choose = (id: number) => {
    setCardId(id);
    // Another card is another repayment: the code asked for the first one is not for it.
    if (waiting && waiting.cardId !== id) {
      setWaiting(null);
      setCode('');
    }
  };

  const committing = useApiMutation({
    call: (chosen: NonNullable<typeof card>) =>
      commitRepayment(
        {
          amount: data.amount,
          bankName: chosen.bankName,
          cardId: chosen.id,
          cardNo: chosen.cardNo,
          couponId: '',
          orderId: data.orderNo,
          repayToken: data.repayToken,
          bankCode: chosen.bankCode,
          sendMsg: 1,
        },
        t('states.paying'),
      ),
    onSuccess: (committed, chosen) => {
      // A card without verification was charged by the commit itself (spec §4).
      if (committed.needValid === 0) {
        finish(committed.detailsUrl, committed.message);
        return;
      }
      setWaiting({ recordId: committed.repayRecordId, cardId: chosen.id });
      if (committed.resendIn > 0) {
        countdown.start(committed.resendIn);
        toast.show(t('code.sent'));
      }
    },
    onError: failed,
  });
  const confirming = useApiMutation({
    call: (body: { verifyCode: string; recordId: number }) =>
      confirmRepayment(
        { orderId: data.orderNo, verifyCode: body.verifyCode, repaymentRecordId: body.recordId },
        t('states.paying'),
      ),
    onSuccess: (confirmed) => finish(confirmed.detailsUrl, confirmed.message),
    onError: (res) => {
      const failure = failed(res);
      // A wrong code may be typed again, and a lost connection tried again; anything else ended this
      // repayment (charged already, locked, expired): start again from the loan's figures as they are now.
      if (failure === 'wrongCode' || failure === 'network') return;
      setWaiting(null);
      setCode('');
      onStale();
    },
  });
  const busy = committing.isPending || confirming.isPending;

  /** "Pay now", and "Get code" again: commits the amount to the card and asks for the SMS code. */
  const commit = () => {
    if (!card) {
      toast.show(t('messages.noCard'));
      return;
    }
    if (!busy) committing.mutate(card);
  };

  const resend = () => {
    // Spec §5: resending while the timer runs is refused with its own message.
    if (countdown.counting) {
      toast.show(t('messages.doNotResend'));
      return;
    }
    commit();
  };

  const confirm = () => {
    if (!waiting || busy) return;
    if (code.length < SMS_CODE.length) {
      toast.show(t('messages.shortCode'));
      return;
    }
    confirming.mutate({ verifyCode: code, recordId: waiting.recordId });
  };

  const otherWays = (
    <Link className="card-repay-link" to={withSessionParams(data.otherWaysUrl)}>
      {t('otherWays')}
    </Link>
  );

  return (
    <>
      <section className="card-repay-card card-repay-amount" aria-labelledby={amountId}>
        <h2 id={amountId}>{t('amount')}</h2>
        <p className="card-repay-amount-value">{data.amountText}</p>
        <p className="card-repay-order">
          {data.productName} · {t('orderNo', { orderNo: data.orderNo })}
        </p>
      </section>

      {data.bankCards.length === 0 ? (
        <PageEmpty text={t('states.noCards')}>{otherWays}</PageEmpty>
      ) : (
        <>
          <fieldset className="card-repay-card card-repay-cards">
            <legend>{t('cards')}</legend>
            <ul className="card-repay-list">
              {data.bankCards.map((c) => (
                <li key={c.id}>
                  <label className="card-repay-option">
                    <input
                      type="radio"
                      name="card-repay-card"
                      value={c.id}
                      checked={c.id === cardId}
                      onChange={() => choose(c.id)}
                    />
                    <span className="card-repay-option-text">
                      <span className="card-repay-bank">{c.bankName}</span>{' '}
                      {/* Read as "card ending in 1234", not as a row of stars. */}
                      <span className="card-repay-number" aria-hidden="true">
                        {c.cardNo}
                      </span>
                      <span className="visually-hidden">
                        {t('cardEnding', { last4: c.cardNo.slice(-4) })}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>

          {waiting ? (
            <section className="card-repay-card card-repay-code" aria-labelledby={codeHeadingId}>
              <h2 id={codeHeadingId}>{t('code.heading')}</h2>
              <p className="card-repay-hint" id={codeHintId}>
                {t('code.hint')}
              </p>
              <label className="card-repay-label" htmlFor={codeInputId}>
                {t('code.label')}
              </label>
              <div className="card-repay-code-row">
                <input
                  ref={codeInput}
                  id={codeInputId}
                  className="card-repay-input"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={SMS_CODE.length}
                  aria-describedby={codeHintId}
                  value={code}
                  // Spec §5, §9: digits only, at most 6 (pasted text keeps its digits).
                  onChange={(e) => setCode(codeDigits(e.currentTarget.value, SMS_CODE.length))}
                />
                <button
                  type="button"
                  className="card-repay-send"
                  aria-disabled={countdown.counting || busy}
                  aria-label={
                    countdown.counting ? t('code.countdownLabel', { count: countdown.left }) : undefined
                  }
                  onClick={busy ? undefined : resend}
                >
                  {countdown.counting ? t('code.countdown', { seconds: countdown.left }) : t('code.get')}
                </button>
              </div>
            </section>
          ) : null}

          <p className="card-repay-others">{otherWays}</p>

          <div className="card-repay-bar">
            {waiting ? (
              <Button block color="primary" size="large" disabled={busy} onClick={confirm}>
                {t('code.confirm')}
              </Button>
            ) : (
              <Button block color="primary" size="large" disabled={busy} onClick={commit}>
                {t('pay')}
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}

/** The frame while the cards are on their way: the amount and three card rows as placeholders. */
function PaymentSkeleton() {
  const { t } = useTranslation('repaymentCard');
  return (
    <SkeletonRegion label={t('states.loading')}>
      <section className="card-repay-card card-repay-amount">
        <h2>{t('amount')}</h2>
        <SkeletonBlock width="55%" height="2rem" className="card-repay-skeleton-amount" />
      </section>
      <div className="card-repay-card">
        <h2>{t('cards')}</h2>
        {[0, 1, 2].map((n) => (
          <SkeletonBlock
            key={n}
            width="100%"
            height="52px"
            radius="var(--radius-small)"
            className="card-repay-skeleton-option"
          />
        ))}
      </div>
    </SkeletonRegion>
  );
}
