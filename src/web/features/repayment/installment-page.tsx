import { Button } from 'antd-mobile';
import { type MouseEvent, type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PlanData, PlanPeriod } from '../../../shared/contract/repayment.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { repaymentPlan } from '../../../shared/i18n/repayment-plan.ts';
import { H5_PATHS, withQuery } from '../../../shared/routes.ts';
import { addCopy } from '../../lib/i18n.ts';
import { openTarget } from '../../lib/open-target.ts';
import { sessionMarket, withSessionParams } from '../../lib/session-params.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import {
  allSelected,
  canPay,
  canSelectAll,
  canToggle,
  chooserPath,
  clampCount,
  initialCount,
  selectAll,
  selectedTotal,
  toggle,
} from './installment-selection.ts';
import { planQuery } from './plan-queries.ts';
import { RepayScreen } from './repay-screen.tsx';
import './installment-page.css';

// The repayment copy loads with its screens (the extension page registers it too; addCopy is idempotent).
addCopy({ repaymentPlan });

/**
 * The installment plan (spec §4): the periods waiting to be paid, which the borrower picks in order
 * from the first, with their running total and "Pay now"; the paid periods below, folded. Paying goes
 * to the pay-method chooser with the order, the chosen amount and the page session's params.
 */
export function InstallmentPage() {
  return (
    <RepayScreen className="" query={planQuery} skeleton={<PlanSkeleton />}>
      {(data, detailsTo) => <PlanBody data={data} detailsTo={detailsTo} />}
    </RepayScreen>
  );
}

function PlanBody({ data, detailsTo }: { data: PlanData; detailsTo: string }) {
  const { t } = useTranslation('repaymentPlan');
  const navigate = useNavigate();
  const waiting = data.repayPlanDetail.repayWaitDetail;
  // Only the first `payableCount` periods may be paid now (repaying the whole loan early may have to
  // wait, with the server's note saying until when): the selection rules see only those.
  const selectable = waiting.slice(0, Math.max(0, data.payableCount));
  const paid = data.repayPlanDetail.repayYetDetail;
  // null: untouched, the rules' default (the first waiting period). A refetch keeps the choice, within
  // the periods still waiting.
  const [chosen, setChosen] = useState<number | null>(null);
  const count = clampCount(selectable, chosen ?? initialCount(selectable));
  const total = selectedTotal(selectable, count);
  const payable = canPay(total);
  const selectAllId = useId();
  const totalId = useId();
  const emptyId = useId();

  const pay = () => {
    // The button says it is off (aria-disabled) but stays reachable, so a tap can say why.
    if (!payable) {
      toast.show(t('plan.pickOne'));
      return;
    }
    const target = chooserPath({
      productId: data.productId,
      orderId: data.orderNo,
      amount: total,
      display: 0,
    });
    void navigate(withSessionParams(target));
  };

  const extend = (event: MouseEvent) => {
    event.preventDefault();
    if (!openTarget(data.delayUrl, navigate)) toast.show(t('states.openFailed'));
  };

  return (
    <>
      <ProductHeader logo={data.productLogo} name={data.productName} />

      {data.delayUrl.trim() ? (
        <a className="repay-link repay-extend" href={withSessionParams(data.delayUrl)} onClick={extend}>
          {t('plan.extendInstead')}
          <span aria-hidden="true"> ›</span>
        </a>
      ) : null}

      {waiting.length === 0 ? (
        <section className="page-state repay-empty" aria-labelledby={emptyId}>
          <h2 id={emptyId}>{t('plan.nothing')}</h2>
          <p>{t('plan.nothingText')}</p>
          <Link className="repay-link" to={detailsTo}>
            {t('detailsLink')}
          </Link>
        </section>
      ) : (
        <PeriodGroup title={t('plan.waiting', { count: waiting.length })} open>
          <label className="repay-select-all" htmlFor={selectAllId}>
            <input
              id={selectAllId}
              type="checkbox"
              className="repay-check"
              checked={allSelected(selectable, count, waiting.length)}
              disabled={!canSelectAll(selectable, count, waiting.length)}
              onChange={() => setChosen(selectAll(selectable, count, waiting.length))}
            />
            <span>{t('plan.selectAll')}</span>
          </label>
          <ol className="repay-periods">
            {waiting.map((period, index) => (
              <PeriodItem
                key={period.periodNo}
                period={period}
                check={{
                  checked: index < count,
                  enabled: canToggle(selectable, count, index),
                  onToggle: () => setChosen(toggle(selectable, count, index)),
                }}
              />
            ))}
          </ol>
          {data.payableNote ? <p className="repay-note repay-early">{data.payableNote}</p> : null}
          {data.note ? <p className="repay-note">{data.note}</p> : null}
          <Link
            className="repay-link"
            to={withQuery(H5_PATHS.repaymentInstruction, {
              orderId: data.orderNo,
              productId: data.productId,
            })}
          >
            {t('plan.howToPay')}
          </Link>
        </PeriodGroup>
      )}

      {paid.length > 0 ? (
        <PeriodGroup title={t('plan.paid', { count: paid.length })} open={false}>
          <ol className="repay-periods">
            {paid.map((period) => (
              <PeriodItem key={period.periodNo} period={period} />
            ))}
          </ol>
        </PeriodGroup>
      ) : null}

      {waiting.length > 0 ? (
        <div className="repay-bar">
          <p className="repay-total">
            <span id={totalId}>{t('plan.total')}</span>
            <output aria-labelledby={totalId} aria-live="polite">
              {formatMoney(total, sessionMarket())}
            </output>
          </p>
          <Button
            block
            color="primary"
            size="large"
            className={payable ? undefined : 'repay-pay-blocked'}
            aria-disabled={!payable}
            onClick={pay}
          >
            {t('plan.pay')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function ProductHeader({ logo, name }: { logo: string; name: string }) {
  return (
    <div className="repay-product">
      {/* Decorative: the product name beside it says the same. */}
      {logo ? <img className="repay-logo" src={logo} alt="" width={40} height={40} /> : null}
      <h2>{name}</h2>
    </div>
  );
}

/** A foldable group of periods: the heading is the button (aria-expanded), the list is what it shows. */
function PeriodGroup({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  const [expanded, setExpanded] = useState(open);
  const bodyId = useId();
  return (
    <section className="repay-group">
      <h2>
        <button
          type="button"
          className="repay-fold"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((v) => !v)}
        >
          <span>{title}</span>
          <span className="repay-chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id={bodyId} hidden={!expanded}>
        {children}
      </div>
    </section>
  );
}

interface CheckProps {
  checked: boolean;
  /** The rules allow a tap now (a checked one, or the next after the checked run). */
  enabled: boolean;
  onToggle: () => void;
}

/**
 * One period: its number and amount (the checkbox's name, when it has one), what the date means, the
 * due date, the status, and its parts folded out on demand.
 */
function PeriodItem({ period, check }: { period: PlanPeriod; check?: CheckProps }) {
  const { t } = useTranslation('repaymentPlan');
  const [partsOpen, setPartsOpen] = useState(false);
  const baseId = useId();
  const nameId = `${baseId}-name`;
  const amountId = `${baseId}-amount`;
  const partsId = `${baseId}-parts`;
  const head = (
    <>
      <span className="repay-period-name" id={nameId}>
        {t('plan.period', { n: period.periodNo })}
      </span>
      <span className="repay-period-amount" id={amountId}>
        {period.amountText}
      </span>
    </>
  );
  return (
    <li className={`repay-period${check?.checked ? ' repay-period-checked' : ''}`}>
      {check ? (
        <label className="repay-period-head">
          <input
            type="checkbox"
            className="repay-check"
            aria-labelledby={`${nameId} ${amountId}`}
            checked={check.checked}
            disabled={!check.enabled}
            onChange={check.onToggle}
          />
          {head}
        </label>
      ) : (
        <div className="repay-period-head">{head}</div>
      )}
      <div className="repay-period-info">
        <span className={`repay-status repay-status-${period.periodStatus}`}>
          {t(`plan.status.${period.periodStatus}`)}
        </span>
        {period.repayDes ? <span className="repay-period-des">{period.repayDes}</span> : null}
      </div>
      <dl className="repay-rows">
        <div>
          <dt>{t('plan.dueDate')}</dt>
          <dd>{period.dueTime}</dd>
        </div>
      </dl>
      {period.parts.length > 0 ? (
        <>
          <button
            type="button"
            className="repay-parts-toggle"
            aria-expanded={partsOpen}
            aria-controls={partsId}
            onClick={() => setPartsOpen((v) => !v)}
          >
            {t('plan.parts')}
            <span className="repay-chevron" aria-hidden="true" />
          </button>
          <dl className="repay-rows repay-parts" id={partsId} hidden={!partsOpen}>
            {period.parts.map((part) => (
              <div key={`${part.text}:${part.value}`}>
                <dt>{part.text}</dt>
                <dd>{part.value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </li>
  );
}

/** The frame while the plan is on the way: the product, the group heading and two periods as placeholders. */
function PlanSkeleton() {
  const { t } = useTranslation('repaymentPlan');
  return (
    <SkeletonRegion label={t('states.loadingPlan')}>
      <section className="repay-product">
        <SkeletonBlock width="40px" height="40px" radius="var(--radius-small)" />
        <SkeletonBlock width="50%" height="1.1rem" />
      </section>
      <section className="repay-group">
        <SkeletonBlock width="40%" height="1.2rem" />
        {[0, 1].map((n) => (
          <div key={n} className="repay-period">
            <SkeletonBlock width="60%" height="1.1rem" />
            <SkeletonLines lines={2} />
          </div>
        ))}
      </section>
    </SkeletonRegion>
  );
}
