import { Button } from 'antd-mobile';
import { type MouseEvent, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DelayData } from '../../../shared/contract/repayment.ts';
import { repaymentPlan } from '../../../shared/i18n/repayment-plan.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { addCopy } from '../../lib/i18n.ts';
import { withSessionParams } from '../../lib/session-params.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { canPay, chooserPath } from './installment-selection.ts';
import { delayQuery } from './plan-queries.ts';
import { RepayScreen } from './repay-screen.tsx';
import './installment-page.css';
import './delay-page.css';

// The repayment copy loads with its screens (the installment page registers it too; addCopy is idempotent).
addCopy({ repaymentPlan });

/**
 * A written value that says nothing: empty, or an amount of zero (`0`, `₹0`, `₹0.00`, `Rp 0`). The
 * server already leaves these rows out (spec §3); the screen does not show one that slips through.
 */
function isBlankValue(value: string): boolean {
  const text = value.trim();
  return text === '' || /^(?:₹|Rp|INR|IDR)?[\s\u00a0]*0+(?:[.,]0+)?$/i.test(text);
}

/**
 * The extension offer (`/repaymentDelay`): what extending costs, until when the offer holds and the due
 * date it gives, the order's rows, extending now set against paying late, and a number to call. "Pay
 * now" takes the fee to the pay-method chooser (`display=1`). When the order cannot be extended, the
 * reason and the way back to the loan details instead.
 */
export function DelayPage() {
  return (
    <RepayScreen className="delay" query={delayQuery} skeleton={<DelaySkeleton />}>
      {(data, detailsTo) => <DelayBody data={data} detailsTo={detailsTo} />}
    </RepayScreen>
  );
}

function DelayBody({ data, detailsTo }: { data: DelayData; detailsTo: string }) {
  const { t } = useTranslation('repaymentPlan');
  const navigate = useNavigate();
  const feeId = useId();
  const compareId = useId();
  const rowsId = useId();
  const rows = data.orderDetail.detail.filter((row) => !isBlankValue(row.value));
  const { extendNow, payLate } = data.comparison;

  const payable = canPay(data.delayShouldPayAmount);

  const pay = () => {
    // An offer with nothing to pay is the server's slip: say it rather than ask for a zero bill.
    if (!payable) {
      toast.show(t('states.openFailed'));
      return;
    }
    const target = chooserPath({
      productId: data.productId,
      orderId: data.orderNo,
      amount: data.delayShouldPayAmount,
      display: 1,
    });
    void navigate(withSessionParams(target));
  };

  const call = (event: MouseEvent) => {
    // A web view cannot open tel: links on every platform (spec §1): the app dials; a browser follows
    // the link (the bridge's own fallback).
    event.preventDefault();
    sendBridge({ type: 'callTel', tel: data.telephone });
  };

  return (
    <>
      <div className="repay-product">
        {/* Decorative: the product name beside it says the same. */}
        {data.productLogo ? (
          <img className="repay-logo" src={data.productLogo} alt="" width={40} height={40} />
        ) : null}
        <h2>{data.productName}</h2>
      </div>

      {data.available ? (
        <>
          <section className="delay-card delay-offer" aria-labelledby={feeId}>
            <h2 id={feeId}>{t('delay.heading')}</h2>
            <p className="delay-fee">
              <span>{t('delay.fee')}</span>
              <strong>{data.delayShouldPayText}</strong>
            </p>
            <p className="delay-text">{t('delay.feeText')}</p>
            <dl className="repay-rows">
              <div>
                <dt>{t('delay.newDueDate')}</dt>
                <dd>{data.newDueDateText}</dd>
              </div>
              <div>
                <dt>{t('delay.days')}</dt>
                <dd>{data.extensionDays}</dd>
              </div>
              <div>
                <dt>{t('delay.expiry')}</dt>
                <dd>
                  <time dateTime={data.delayExpiryTime}>{data.delayExpiryText}</time>
                </dd>
              </div>
            </dl>
          </section>

          <section className="delay-card" aria-labelledby={compareId}>
            <h2 id={compareId}>{t('delay.compare')}</h2>
            <div className="delay-compare">
              {[
                { key: 'now', option: extendNow },
                { key: 'late', option: payLate },
              ].map(({ key, option }) => (
                <article key={key} className={`delay-option delay-option-${key}`} aria-label={option.title}>
                  <h3>{option.title}</h3>
                  <p className="delay-option-value">{option.value}</p>
                  {option.note ? <p className="delay-option-note">{option.note}</p> : null}
                </article>
              ))}
            </div>
          </section>
        </>
      ) : (
        <section className="delay-card delay-unavailable" aria-labelledby={feeId}>
          <h2 id={feeId}>{t('delay.unavailable')}</h2>
          {data.unavailableText ? <p className="delay-text">{data.unavailableText}</p> : null}
          <Link className="repay-link" to={detailsTo}>
            {t('detailsLink')}
          </Link>
        </section>
      )}

      {rows.length > 0 ? (
        <section className="delay-card" aria-labelledby={rowsId}>
          <h2 id={rowsId}>{t('delay.orderDetail')}</h2>
          <dl className="repay-rows">
            {rows.map((row) => (
              <div key={`${row.text}:${row.value}`}>
                <dt>{row.text}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {data.telephone.trim() ? (
        <p className="delay-phone">
          <span>{t('delay.telephone')}</span>{' '}
          <a className="repay-link" href={`tel:${data.telephone.replace(/[^\d+]/g, '')}`} onClick={call}>
            {data.telephone}
          </a>
        </p>
      ) : null}

      {data.available ? (
        <div className="repay-bar">
          <Button
            block
            color="primary"
            size="large"
            className={payable ? undefined : 'repay-pay-blocked'}
            aria-disabled={!payable}
            onClick={pay}
          >
            {t('delay.pay')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The frame while the offer is on the way: the product, the fee and its rows as placeholders. */
function DelaySkeleton() {
  const { t } = useTranslation('repaymentPlan');
  return (
    <SkeletonRegion label={t('states.loadingDelay')}>
      <div className="repay-product">
        <SkeletonBlock width="40px" height="40px" radius="var(--radius-small)" />
        <SkeletonBlock width="50%" height="1.1rem" />
      </div>
      <section className="delay-card">
        <SkeletonBlock width="45%" height="1.2rem" />
        <SkeletonBlock width="35%" height="1.6rem" className="delay-skeleton-fee" />
        <SkeletonLines lines={3} />
      </section>
    </SkeletonRegion>
  );
}
