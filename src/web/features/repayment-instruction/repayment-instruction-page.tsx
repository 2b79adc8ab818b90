import { Link, useSearchParams } from 'react-router';
import { PAY_OPTIONS } from '../../../shared/domain/pay-options.ts';
import { repaymentInstruction } from '../../../shared/i18n/repayment-instruction.ts';
import { isLang, isMarket, type Lang, type Market } from '../../../shared/markets.ts';
import { H5_PATHS, withQuery } from '../../../shared/routes.ts';
import { orderIdParam, positiveIntParam } from '../../lib/address-params.ts';
import { addCopy } from '../../lib/i18n.ts';
import { sessionLang, sessionParams } from '../../lib/session-params.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import './repayment-instruction-page.css';

addCopy({ repaymentInstruction });

/**
 * The market the instructions are for: the borrower's (from the launch params). Without one (the frame
 * drawn at build time, one per language), the market of the language, as about us does: the Indonesian
 * frame shows Indonesia's ways to pay.
 */
function guideMarket(lang: Lang): Market {
  const market = sessionParams().market?.toUpperCase();
  if (isMarket(market)) return market;
  return lang === 'id' ? 'ID' : 'IN';
}

/** The banks and the stores a market takes payments at, as the chooser lists them (one source). */
function placesOf(market: Market) {
  const options = PAY_OPTIONS[market];
  return {
    banks: options.banks.map((bank) => bank.bankName).join(', '),
    stores: options.markets.join(', '),
  };
}

/**
 * Repayment instructions (`/repaymentInstruction`, product brief §1.2; issue 29): how to pay with each of
 * the market's ways (Indonesia: a bank virtual account by ATM, mobile or internet banking, or cash at a
 * mini market; India: UPI, from this phone or another, and the UTR), what to watch for, and the way back
 * to the loan and to customer service. Reached from the pay page (with its way to pay, `method`, open)
 * and the installment plan; `orderId` (and `productId`) in the address lead back to the loan.
 */
export function RepaymentInstructionPage() {
  const { t, i18n } = useTranslation('repaymentInstruction');
  const [params] = useSearchParams();
  const lang = isLang(i18n.language) ? i18n.language : sessionLang();
  const market = guideMarket(lang);
  const guide = repaymentInstruction[lang].markets[market];
  const places = placesOf(market);
  const chosen = guide.methods.findIndex((m) => m.key === params.get('method'));
  const open = Math.max(chosen, 0);
  const orderNo = orderIdParam(params);
  const productId = positiveIntParam(params, 'productId');
  const title = t('title');

  return (
    <main className="shell-page guide">
      <title>{title}</title>
      <h1>{title}</h1>
      <p className="guide-lead">{guide.lead}</p>

      <section className="guide-card" aria-labelledby="guide-methods" data-market={market}>
        <h2 id="guide-methods">{t('methodsHeading')}</h2>
        {guide.methods.map((method, index) => (
          <details key={method.key} className="guide-method" open={index === open}>
            <summary>{method.name}</summary>
            {method.list === 'banks' || method.list === 'stores' ? (
              <p className="guide-muted">{t(method.list, { names: places[method.list] })}</p>
            ) : null}
            <ol className="guide-steps">
              {method.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        ))}
      </section>

      <section className="guide-card" aria-labelledby="guide-tips">
        <h2 id="guide-tips">{t('tipsHeading')}</h2>
        <ul className="guide-tips">
          {guide.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>

      <nav className="guide-card guide-links" aria-label={t('help')}>
        {orderNo !== null ? (
          <Link
            to={withQuery(H5_PATHS.loanDetails, {
              orderId: orderNo,
              ...(productId !== null ? { productId } : {}),
            })}
          >
            {t('loan')}
            <span aria-hidden="true">›</span>
          </Link>
        ) : null}
        <Link to={H5_PATHS.customerService}>
          {t('helpLink')}
          <span aria-hidden="true">›</span>
        </Link>
      </nav>
    </main>
  );
}
