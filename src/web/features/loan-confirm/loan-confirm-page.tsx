import { keepPreviousData, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { KeyFacts, LoanConfirm } from '../../../shared/contract/loans.ts';
import { LOAN_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { isNetworkFailure, isNotFound, isSessionEnded } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { sessionMarket, withSessionParams } from '../../lib/session-params.ts';
import { toast } from '../../lib/toast.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { AgreementPopup } from './agreement-popup.tsx';
import { AmountStepper, snapAmount } from './amount-stepper.tsx';
import {
  type ConfirmChoice,
  type ContractItem,
  confirmChoiceParam,
  confirmedUrl,
  contractJump,
  contractsQuery,
  isOwnPath,
  isWebUrl,
  loanConfirmKeys,
  loanConfirmQuery,
  type PushChoice,
  pageLocation,
  popupFrameUrl,
  pushLoan,
} from './loan-confirm-api.ts';
import { forgetRequestKey } from './request-key.ts';
import './loan-confirm-page.css';

/**
 * How long the amount rests after a tap on − or + before the figures are asked for: a borrower going
 * from ₹80,000 to ₹75,000 taps five times, and only the amount they stop at needs a quote.
 */
export const AMOUNT_SETTLE_MS = 600;

const choiceKey = (c: ConfirmChoice) => loanConfirmKeys.quote(c).join(':');

/**
 * The loan confirmation (spec §2, §4): the product, the amount and term the borrower may change, the
 * figures of that loan — details, repayment plan and the key fact statement — then the agreement box,
 * its documents and the confirm button. The choice lives in the address (`amount`, `periods`), so a
 * reload shows, and confirms, the same loan with the same request key.
 */
export function LoanConfirmPage() {
  const { t } = useTranslation(['loanConfirm', 'common']);
  const [params, setParams] = useSearchParams();
  // One object per address, so effects that depend on the choice run when it changes, not every render.
  const choice = useMemo(() => confirmChoiceParam(params), [params]);
  const title = t('title');

  // Replaces the entry: going back leaves the page rather than stepping through amounts tried.
  const choose = useCallback(
    (next: ConfirmChoice) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [name, value] of [
            ['amount', next.amount],
            ['periods', next.periods],
          ] as const) {
            if (value === undefined) updated.delete(name);
            else updated.set(name, String(value));
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <main className="shell-page loan-confirm">
      <title>{title}</title>
      <h1>{title}</h1>
      {choice ? <Offer choice={choice} onChoose={choose} /> : <OfferNotFound />}
    </main>
  );
}

function OfferNotFound() {
  const { t } = useTranslation(['loanConfirm', 'common']);
  return (
    <PageEmpty text={t('notFound')}>
      <p>{t('notFoundHint')}</p>
      <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'goHome' })}>
        {t('home')}
      </button>
    </PageEmpty>
  );
}

interface Loaded {
  choice: ConfirmChoice;
  data: LoanConfirm;
}

function Offer({ choice, onChoose }: { choice: ConfirmChoice; onChoose: (next: ConfirmChoice) => void }) {
  const { t } = useTranslation(['loanConfirm', 'common']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const market = sessionMarket();
  const { productId } = choice;
  const key = choiceKey(choice);

  // A new choice keeps the figures on screen until its own arrive (no skeleton in between).
  const quote = useQuery({ ...loanConfirmQuery(choice), placeholderData: keepPreviousData });
  const contracts = useQuery(contractsQuery(productId));

  // The last figures the server gave for the choice they belong to: what a failed new quote falls back on.
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const fresh = quote.data !== undefined && !quote.isPlaceholderData;
  useEffect(() => {
    if (fresh && quote.data) setLoaded({ choice, data: quote.data });
  }, [fresh, quote.data, choice]);
  const failedChange = quote.isError && loaded !== null && choiceKey(loaded.choice) !== key;

  // A refused or failed new quote: say why, and go back to the loan whose figures are on screen.
  useEffect(() => {
    if (!failedChange || !loaded) return;
    if (!isSessionEnded(quote.error)) toast.show(quote.error?.message || t('loadError'));
    // Forgotten, so choosing it again asks the server again (it may have been the network).
    queryClient.removeQueries({ queryKey: loanConfirmKeys.quote(choice), exact: true });
    onChoose(loaded.choice);
  }, [failedChange, loaded, quote.error, queryClient, choice, onChoose, t]);

  const data = quote.data ?? (failedChange ? loaded?.data : undefined);

  // Offline: the offer loads by itself when the connection comes back.
  const offline = !data && quote.isError && isNetworkFailure(quote.error);
  const { refetch } = quote;
  useRetryWhenOnline(offline, refetch);

  // The amount being chosen (minor units), before its figures are asked for; null when none is.
  const [draft, setDraft] = useState<number | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  const [agreed, setAgreed] = useState(true);
  const [popupOpen, setPopupOpen] = useState(false);
  const popupAsked = useRef(false);
  // Spec §4: once after the offer loads, when there is an agreement to show in the borrower's language.
  useEffect(() => {
    if (popupAsked.current || !loaded) return;
    popupAsked.current = true;
    if (loaded.data.languageType === 1 && popupFrameUrl(loaded.data.popAgreementUrl)) setPopupOpen(true);
  }, [loaded]);

  // Once the loan is booked the page is leaving for its details: the button stays busy until it has gone.
  const [leaving, setLeaving] = useState(false);
  const push = useApiMutation({
    call: (loan: PushChoice) => pushLoan(loan),
    onSuccess: (pushed, loan) => {
      const next = pushed ? confirmedUrl(pushed.lendDetailsUrl) : null;
      if (!next) {
        toast.show(t('common:errors.internal'));
        return;
      }
      forgetRequestKey(loan.productId, loan.amount, loan.periods);
      setLeaving(true);
      // Replaced, so Back from the loan's details does not come back to confirm it again.
      pageLocation.replace(next);
    },
    // A refusal or a lost reply was toasted by the request helper; the same tap sends the same key again.
    // The terms changed or the quote expired: nothing was booked; the screen shows the terms of now, and
    // the button waits for them.
    onError: (failed) => {
      if (String(failed.code) === LOAN_ERROR_CODE.QUOTE_STALE) void refetch();
    },
  });
  const pushing = push.isPending || leaving;
  const [jumping, setJumping] = useState<number | null>(null);

  if (!data) {
    if (quote.isError) {
      if (isNotFound(quote.error)) return <OfferNotFound />;
      const explicit = choice.amount !== undefined || choice.periods !== undefined;
      return (
        <PageError
          message={offline ? t('offline') : quote.error.message || t('loadError')}
          // A refused amount or term from the address (an old link): the product's own offer instead.
          onRetry={() =>
            explicit && !offline ? onChoose({ productId }) : void quote.refetch({ cancelRefetch: true })
          }
        />
      );
    }
    return <OfferSkeleton />;
  }

  // The loan chosen: while its figures are on their way, what the address asks for; once they are here,
  // what the server quoted (the product's default, or the choice as the server read it).
  const current =
    quote.isPlaceholderData || failedChange
      ? { amount: choice.amount ?? data.amount, periods: choice.periods ?? data.periods }
      : { amount: data.amount, periods: data.periods };
  const { choices } = data;
  const updating = draft !== null || quote.isFetching || quote.isPlaceholderData || failedChange;
  const canConfirm = agreed && !updating && !pushing;

  const commitAmount = (minor: number) => {
    clearTimeout(settleTimer.current);
    setDraft(null);
    const amount = snapAmount(minor, choices.amountMin, choices.amountMax, choices.amountStep);
    if (amount !== current.amount) onChoose({ productId, amount, periods: current.periods });
  };
  const changeAmount = (minor: number, how: 'step' | 'typing') => {
    setDraft(minor);
    clearTimeout(settleTimer.current);
    // Typing settles when the borrower leaves the field or presses Enter (the stepper commits it).
    if (how === 'step') settleTimer.current = setTimeout(() => commitAmount(minor), AMOUNT_SETTLE_MS);
  };
  const chooseTerm = (periods: number) => {
    const amount =
      draft === null
        ? current.amount
        : snapAmount(draft, choices.amountMin, choices.amountMax, choices.amountStep);
    clearTimeout(settleTimer.current);
    setDraft(null);
    onChoose({ productId, amount, periods });
  };
  // The keyboard's Go / Enter ends typing like leaving the field does.
  const submitAmount = (event: FormEvent) => {
    event.preventDefault();
    (document.activeElement as HTMLElement | null)?.blur();
  };

  const confirm = () => {
    if (!canConfirm) return;
    // The figures on screen are the loan confirmed: the key facts match what is sent.
    push.mutate({ productId, amount: data.amount, periods: data.periods, quoteId: data.quote.id });
  };

  const openContract = async (position: number) => {
    if (jumping !== null) return;
    setJumping(position);
    const result = await contractJump(productId, position);
    setJumping(null);
    const url = result.ok ? (result.data?.contract_url ?? '').trim() : '';
    if (!isOwnPath(url)) {
      if (isWebUrl(url)) pageLocation.assign(url);
      return;
    }
    // One of this app's screens opens in-app (Back returns to this choice, kept in the address); the one
    // site page a contract points to (the privacy policy) loads as a page, with the borrower's market and
    // language. (Not the shells' whole path table: every screen would load it.)
    if (new URL(url, window.location.origin).pathname !== H5_PATHS.privacyPolicy) void navigate(url);
    else pageLocation.assign(withSessionParams(url));
  };

  const shownAmount = draft ?? current.amount;
  const termText = (days: number) => t('term.days', { count: days });
  const hintId = 'loan-confirm-hint';
  const rangeId = 'loan-confirm-range';
  const hint = !agreed ? t('agreement.mustAgree') : updating && !pushing ? t('waitForFigures') : '';
  const popupUrl = popupFrameUrl(data.popAgreementUrl);

  return (
    <>
      <div className="loan-confirm-product">
        {/* Decorative: the product's name is next to it. */}
        <img className="loan-confirm-logo" src={data.productLogo} alt="" width={48} height={48} />
        <p className="loan-confirm-product-name">{data.productName}</p>
      </div>

      <section className="loan-confirm-card" aria-labelledby="loan-confirm-amount">
        <h2 id="loan-confirm-amount">{t('amount.label')}</h2>
        {choices.amountMin < choices.amountMax ? (
          <form className="loan-confirm-amount-form" onSubmit={submitAmount}>
            <AmountStepper
              value={shownAmount}
              min={choices.amountMin}
              max={choices.amountMax}
              step={choices.amountStep}
              market={market}
              label={t('amount.label')}
              describedBy={rangeId}
              disabled={pushing}
              onChange={changeAmount}
              onCommit={commitAmount}
              // A tapped amount waits for the field to be left rather than change under the borrower's typing.
              onFocus={() => clearTimeout(settleTimer.current)}
            />
            <p id={rangeId} className="loan-confirm-range">
              {t('amount.range', { min: choices.amountMinText, max: choices.amountMaxText })}
            </p>
          </form>
        ) : (
          <p className="loan-confirm-amount-text">{data.amountText}</p>
        )}
      </section>

      <fieldset className="loan-confirm-card loan-confirm-terms" disabled={pushing}>
        <legend>{t('term.label')}</legend>
        <div className="loan-confirm-term-options">
          {choices.terms.map((days) => (
            <label key={days} className="loan-confirm-term">
              <input
                type="radio"
                name="loan-term"
                value={days}
                checked={days === current.periods}
                onChange={() => chooseTerm(days)}
              />
              <span>{termText(days)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {/* Screen readers hear about the change here; the busy figures below speak when they are new. */}
      <p className="loan-confirm-updating" role="status">
        {updating && !pushing
          ? t('keyFacts.updating', {
              amount: formatMoney(shownAmount, market),
              term: termText(current.periods),
            })
          : ''}
      </p>

      <div className="loan-confirm-figures" aria-busy={updating} data-updating={updating || undefined}>
        <section className="loan-confirm-card" aria-labelledby="loan-confirm-details">
          <h2 id="loan-confirm-details">{t('details')}</h2>
          <p className="loan-confirm-rate">{data.pRateDsc}</p>
          {data.details.length > 0 ? (
            <dl className="loan-confirm-rows">
              {data.details.map((row) => (
                <div key={row.title}>
                  <dt>{row.title}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>

        {data.repay_plans.length > 0 ? (
          <section className="loan-confirm-card" aria-labelledby="loan-confirm-plan">
            <h2 id="loan-confirm-plan">{t('plan.title')}</h2>
            <ol className="loan-confirm-plan">
              {data.repay_plans.map((plan) => (
                <li key={`${plan.title}:${plan.pay_time}`}>
                  <p className="loan-confirm-plan-head">
                    <span className="loan-confirm-plan-title">{plan.title}</span>
                    <span className="loan-confirm-plan-amount">{plan.amount}</span>
                  </p>
                  {plan.description ? (
                    <p className="loan-confirm-plan-description">{plan.description}</p>
                  ) : null}
                  {/* Written by the server with its label: "Due 22 Jan 2027". */}
                  <p className="loan-confirm-plan-due">{plan.pay_time}</p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}

        <KeyFactsList facts={data.keyFacts} />
        {data.note ? <p className="loan-confirm-note">{data.note}</p> : null}
      </div>

      <section className="loan-confirm-agreement" aria-labelledby="loan-confirm-agreements">
        <label className="loan-confirm-agree">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
          />
          <span>{t('agreement.label')}</span>
        </label>
        <h2 id="loan-confirm-agreements" className="visually-hidden">
          {t('agreement.documents')}
        </h2>
        <ContractLinks
          query={contracts}
          jumping={jumping}
          onOpen={(position) => void openContract(position)}
          label={(title) => t('agreement.open', { title })}
        />
      </section>

      <div className="loan-confirm-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={!canConfirm}
          loading={pushing}
          loadingText={t('confirming')}
          onClick={confirm}
          // Screen readers hear the button is working, not only that it cannot be pressed.
          aria-busy={pushing || undefined}
          aria-describedby={hint ? hintId : undefined}
        >
          {t('confirm')}
        </Button>
        <p id={hintId} className="loan-confirm-hint">
          {hint}
        </p>
      </div>

      {popupUrl ? (
        <AgreementPopup
          visible={popupOpen}
          title={data.popTitle || t('popup.title')}
          content={data.popContent}
          url={popupUrl}
          onAgree={() => {
            setAgreed(true);
            setPopupOpen(false);
          }}
          onCancel={() => {
            setAgreed(false);
            setPopupOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

/** A figure longer than this (a sentence: due dates, cooling-off, late charges) goes under its name. */
const INLINE_FIGURE_MAX = 24;

/**
 * The key fact statement (RBI) / summary of the loan's costs (OJK): a titled list of every figure with its
 * name, in the server's order, above the confirm button and never folded away — the borrower reads it
 * before agreeing. A description list, so a screen reader says each figure with its name; amounts sit in
 * one right-aligned column, a figure written as a sentence reads under its name at full width.
 */
function KeyFactsList({ facts }: { facts: KeyFacts }) {
  const { t } = useTranslation(['loanConfirm', 'common']);
  return (
    <section className="loan-confirm-card loan-confirm-key-facts" aria-labelledby="loan-confirm-key-facts">
      <h2 id="loan-confirm-key-facts">{facts.title}</h2>
      <p className="loan-confirm-key-facts-intro">{t('keyFacts.intro')}</p>
      <dl className="loan-confirm-key-facts-list">
        {facts.rows.map((row) => (
          <div
            key={row.key}
            data-key={row.key}
            className={row.value.length > INLINE_FIGURE_MAX ? 'is-sentence' : undefined}
          >
            <dt>{row.title}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ContractLinks({
  query,
  jumping,
  onOpen,
  label,
}: {
  query: UseQueryResult<ContractItem[]>;
  jumping: number | null;
  onOpen: (position: number) => void;
  label: (title: string) => string;
}) {
  const { t } = useTranslation(['loanConfirm', 'common']);
  if (query.isPending) return <SkeletonLines lines={1} lastWidth="50%" />;
  if (query.isError) {
    return (
      <p className="loan-confirm-contracts-error">
        {t('agreement.unavailable')}{' '}
        <button type="button" className="loan-confirm-link" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </button>
      </p>
    );
  }
  return (
    <ul className="loan-confirm-contracts">
      {query.data.map((item) => (
        <li key={item.position}>
          <button
            type="button"
            className="loan-confirm-link"
            aria-label={label(item.title)}
            aria-busy={jumping === item.position || undefined}
            disabled={jumping !== null}
            onClick={() => onOpen(item.position)}
          >
            {item.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The page's frame while the offer is on its way: the sections' names, placeholders for the figures. */
function OfferSkeleton() {
  const { t } = useTranslation(['loanConfirm', 'common']);
  return (
    <SkeletonRegion label={t('loading')}>
      <div className="loan-confirm-product">
        <SkeletonBlock width="48px" height="48px" radius="var(--radius-small)" />
        <SkeletonBlock width="40%" height="1.2rem" />
      </div>
      <section className="loan-confirm-card" aria-labelledby="loan-confirm-amount-loading">
        <h2 id="loan-confirm-amount-loading">{t('amount.label')}</h2>
        <SkeletonBlock width="100%" height="48px" radius="var(--radius-small)" />
      </section>
      <section className="loan-confirm-card" aria-labelledby="loan-confirm-term-loading">
        <h2 id="loan-confirm-term-loading">{t('term.label')}</h2>
        <SkeletonBlock width="60%" height="44px" radius="var(--radius-small)" />
      </section>
      <section className="loan-confirm-card" aria-labelledby="loan-confirm-details-loading">
        <h2 id="loan-confirm-details-loading">{t('details')}</h2>
        <SkeletonLines lines={3} />
      </section>
      <section className="loan-confirm-card" aria-labelledby="loan-confirm-plan-loading">
        <h2 id="loan-confirm-plan-loading">{t('plan.title')}</h2>
        <SkeletonLines lines={2} />
      </section>
      <section className="loan-confirm-card">
        <SkeletonLines lines={6} />
      </section>
    </SkeletonRegion>
  );
}
