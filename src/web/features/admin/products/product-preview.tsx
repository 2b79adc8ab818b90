import { useId } from 'react';
import { formatMoney } from '../../../../shared/domain/money.ts';
import {
  PricingError,
  type PricingRefusal,
  type Quote,
  quoteLoan,
} from '../../../../shared/domain/pricing.ts';
import {
  MARKET_CAPS,
  percentText,
  productProblems,
  type StoredTerms,
  termsOf,
} from '../../../../shared/domain/product.ts';
import type { Market } from '../../../../shared/markets.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useLang } from '../admin-ui.tsx';

/** A quote, or why there is none: a refusal of the pricing module, or null for terms it cannot price. */
type Outcome = { quote: Quote } | { refusal: PricingRefusal | null };

function quoteOf(market: Market, terms: StoredTerms, amount: number, days: number): Outcome {
  try {
    return { quote: quoteLoan(termsOf(market, terms), amount, days, MARKET_CAPS[market]) };
  } catch (error) {
    // Anything else (fees that take the whole amount, leaving nothing to pay out) cannot be priced.
    return { refusal: error instanceof PricingError ? error.refusal : null };
  }
}

/**
 * What the smallest and the largest loan of these terms would cost, computed as the borrower's quote is
 * (the pricing module, the market's caps). Display only: the server judges the terms when they are saved.
 */
export function ProductPreview({ market, terms }: { market: Market; terms: StoredTerms | null }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  // Only terms that are whole can be priced; a cap problem is what the preview is there to show.
  const complete = terms !== null && productProblems(market, terms).every((p) => p.code === 'overCap');
  const days = complete ? [...terms.termDays].sort((a, b) => a - b) : [];
  const loans = complete
    ? [
        { label: t('productEditor.smallest'), amount: terms.amountMin, days: days[0]! },
        { label: t('productEditor.largest'), amount: terms.amountMax, days: days.at(-1)! },
      ]
    : [];

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('productEditor.sections.preview')}</h2>
      <p className="admin-muted">{t('productEditor.previewIntro')}</p>
      {/* Polite: it follows the typing without interrupting it. */}
      <div aria-live="polite" className="admin-preview">
        {complete && terms ? (
          loans.map((loan) => (
            <LoanPreview
              key={loan.label}
              market={market}
              label={loan.label}
              amount={loan.amount}
              days={loan.days}
              outcome={quoteOf(market, terms, loan.amount, loan.days)}
            />
          ))
        ) : (
          <p>{t('productEditor.previewIncomplete')}</p>
        )}
      </div>
    </section>
  );
}

function LoanPreview({
  market,
  label,
  amount,
  days,
  outcome,
}: {
  market: Market;
  label: string;
  amount: number;
  days: number;
  outcome: Outcome;
}) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const money = (minor: number) => formatMoney(minor, market);
  const loan = { amount: money(amount), days: String(days) };
  const refusalText = (r: PricingRefusal | null) =>
    r === null
      ? t('productEditor.previewIncomplete')
      : r.code === 'costOverDailyCap'
        ? t('errors.product.overDailyCap', { ...loan, cap: percentText(r.capPpm / 100, lang) })
        : r.code === 'costOverTotalCap'
          ? t('errors.product.overTotalCap', { ...loan, cap: percentText(r.capPpm / 100, lang) })
          : t('errors.product.overCap', loan);
  return (
    <div className="admin-preview-loan">
      <h3>
        {label}: {t('productEditor.loan', loan)}
      </h3>
      {'refusal' in outcome ? (
        <p className="admin-field-error">{refusalText(outcome.refusal)}</p>
      ) : (
        <dl className="admin-facts">
          <PreviewFact label={t('productEditor.feesTotal')}>
            {money(outcome.quote.fees.reduce((a, f) => a + f.amount, 0))}
          </PreviewFact>
          <PreviewFact label={t('productEditor.paidOut')}>{money(outcome.quote.disbursed)}</PreviewFact>
          <PreviewFact label={t('productEditor.interest')}>{money(outcome.quote.interest)}</PreviewFact>
          <PreviewFact label={t('productEditor.total')}>{money(outcome.quote.totalRepayable)}</PreviewFact>
          <PreviewFact label={t('productEditor.instalments')}>
            {t('productEditor.instalmentsValue', {
              count: outcome.quote.schedule.length,
              amount: money(outcome.quote.schedule[0]!.total),
            })}
          </PreviewFact>
          <PreviewFact label={t('productEditor.apr')}>{percentText(outcome.quote.aprBp, lang)}</PreviewFact>
        </dl>
      )}
    </div>
  );
}

function PreviewFact({ label, children }: { label: string; children: string }) {
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
