import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PAY_TYPE, type PayType } from '../../../shared/contract/constants.ts';
import type { PayTypesData } from '../../../shared/contract/repayment.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { storeName } from '../../../shared/domain/pay-options.ts';
import { repaymentPay } from '../../../shared/i18n/repayment-pay.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { isNetworkFailure, isNotFound } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { addCopy } from '../../lib/i18n.ts';
import { sessionMarket, withSessionParams } from '../../lib/session-params.ts';
import { toast } from '../../lib/toast.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import { chooserStart, manualPayChoice, writePayChoice } from './chooser-choice.ts';
import { type PayChoice, UPI_PAY_CODE } from './pay-choice.ts';
import { type PayAddress, payAddressParam, payAddressQuery, payTypesQuery } from './pay-queries.ts';
import './chooser-page.css';

// The repayment copy loads with its screens (both pages register it; the second call is a no-op).
addCopy({ repaymentPay });

/**
 * The repayment chooser, `/individual` (spec §2, §4, §9): the amount, then how to pay it. Indonesia: a
 * bank (and the way to pay there: ATM, mobile or internet banking) or a mini market; India: UPI only.
 * "I want to pay" keeps the choice for `/that` and opens it in this page's place.
 */
export function ChooserPage() {
  const { t } = useTranslation('repaymentPay');
  const [params] = useSearchParams();
  const address = useMemo(() => payAddressParam(params), [params]);
  const title = t('title');
  return (
    <main className="shell-page repay-chooser">
      <title>{title}</title>
      <h1>{title}</h1>
      {address ? <Chooser address={address} /> : <BillNotFound />}
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

function Chooser({ address }: { address: PayAddress }) {
  const { t } = useTranslation('repaymentPay');
  const navigate = useNavigate();
  const market = sessionMarket();
  // The stored choice (for this market) is what the borrower finds selected; else the defaults.
  const [start] = useState<PayChoice>(() => chooserStart(market));
  const [payType, setPayType] = useState<PayType>(start.payType);
  const [payCode, setPayCode] = useState(start.payCode);
  const [method, setMethod] = useState(start.method);

  // A new pay type keeps the pay types on screen while its own lists are on their way.
  const options = useQuery({
    ...payTypesQuery(address.orderId, payType, address.productId),
    placeholderData: keepPreviousData,
  });
  const offline = options.isError && isNetworkFailure(options.error);
  const { refetch } = options;
  useRetryWhenOnline(offline, refetch);

  const chooseType = (next: PayType) => {
    if (next === payType) return;
    // Spec §4: another pay type clears the bank, the way to pay and the place in the list.
    setPayType(next);
    setPayCode('');
    setMethod('');
  };
  const chooseBank = (code: string) => {
    if (code === payCode) return;
    setPayCode(code);
    setMethod('');
  };

  // The lists are the ones the server gave for the type on screen, not the last type's.
  const data = options.data;
  const lists = data && !options.isPlaceholderData ? data : null;
  const shownType = (lists?.payType ?? payType) as PayType;

  const pay = () => {
    const choice = lists ? choiceOf(lists, shownType, payCode, method) : null;
    if (!choice) {
      toast.show(t('chooser.incomplete'));
      return;
    }
    writePayChoice(choice);
    // Replaced: Back from the pay screen leads where the chooser was opened from, not here again.
    void navigate(withSessionParams(`${H5_PATHS.virtualAccount}?${payAddressQuery(address)}`), {
      replace: true,
    });
  };

  let choices: ReactNode;
  if (options.isPending) choices = <ChoicesSkeleton />;
  else if (options.isError) {
    choices = isNotFound(options.error) ? (
      <BillNotFound />
    ) : (
      <PageError
        message={
          offline ? t('states.offline') : `${t('states.optionsError')} ${options.error.message}`.trim()
        }
        onRetry={() => void refetch()}
      />
    );
  } else {
    const offered = options.data.payTypes;
    choices = (
      <>
        {offered.length > 1 ? (
          <fieldset className="repay-card repay-options">
            <legend>{t('chooser.payType')}</legend>
            <div className="repay-option-row">
              {offered.map((type) => (
                <label key={type.value} className="repay-option is-inline">
                  <input
                    type="radio"
                    name="repay-pay-type"
                    value={type.value}
                    checked={type.value === shownType}
                    onChange={() => chooseType(type.value as PayType)}
                  />
                  <span>{type.title}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {lists ? (
          <Lists
            data={lists}
            payType={shownType}
            payCode={payCode}
            method={method}
            onBank={chooseBank}
            onMethod={setMethod}
            onMarket={setPayCode}
          />
        ) : (
          <ChoicesSkeleton lists />
        )}
      </>
    );
  }

  return (
    <>
      <section className="repay-card repay-amount" aria-labelledby="repay-amount">
        <h2 id="repay-amount">{t('amount')}</h2>
        <p className="repay-amount-value">{formatMoney(address.amount, market)}</p>
      </section>
      {choices}
      <div className="repay-actions">
        <Button block color="primary" size="large" disabled={options.isPending} onClick={pay}>
          {t('chooser.pay')}
        </Button>
      </div>
    </>
  );
}

/** The borrower's choice, when it is whole: a bank and a way to pay there, a store, or UPI. */
function choiceOf(data: PayTypesData, payType: PayType, payCode: string, method: string): PayChoice | null {
  switch (payType) {
    case PAY_TYPE.BANK: {
      const index = data.banks.findIndex((bank) => bank.payCode === payCode);
      const bank = data.banks[index];
      return bank?.methods.includes(method) ? manualPayChoice(payType, payCode, index, method) : null;
    }
    case PAY_TYPE.STORE: {
      const index = data.markets.indexOf(payCode);
      return index >= 0 ? manualPayChoice(payType, payCode, index) : null;
    }
    case PAY_TYPE.UPI:
      return manualPayChoice(payType, UPI_PAY_CODE, 0);
  }
}

interface ListsProps {
  data: PayTypesData;
  payType: PayType;
  payCode: string;
  method: string;
  onBank: (payCode: string) => void;
  onMethod: (method: string) => void;
  onMarket: (payCode: string) => void;
}

/** The banks (and, under the chosen one, its ways to pay), the mini markets, or the one UPI option. */
function Lists({ data, payType, payCode, method, onBank, onMethod, onMarket }: ListsProps) {
  const { t } = useTranslation('repaymentPay');
  const none = <p className="repay-none">{t('chooser.noOptions')}</p>;

  if (payType === PAY_TYPE.UPI) {
    return (
      <fieldset className="repay-card repay-options">
        <legend>{t('chooser.upi')}</legend>
        <label className="repay-option">
          <input type="radio" name="repay-upi" value={UPI_PAY_CODE} checked readOnly />
          <span>
            <span className="repay-option-title">{data.payTypes[0]?.title || 'UPI'}</span>
            <span className="repay-option-hint">{t('chooser.upiHint')}</span>
          </span>
        </label>
      </fieldset>
    );
  }

  if (payType === PAY_TYPE.STORE) {
    return (
      <fieldset className="repay-card repay-options">
        <legend>{t('chooser.market')}</legend>
        {data.markets.length === 0 ? none : null}
        <ul className="repay-option-list">
          {data.markets.map((store) => (
            <li key={store}>
              <label className="repay-option">
                <input
                  type="radio"
                  name="repay-market"
                  value={store}
                  checked={store === payCode}
                  onChange={() => onMarket(store)}
                />
                <span className="repay-option-title">{storeName(store)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }

  return (
    <fieldset className="repay-card repay-options">
      <legend>{t('chooser.bank')}</legend>
      {data.banks.length === 0 ? none : null}
      <ul className="repay-option-list">
        {data.banks.map((bank) => {
          const chosen = bank.payCode === payCode;
          return (
            <li key={bank.payCode}>
              <label className="repay-option">
                <input
                  type="radio"
                  name="repay-bank"
                  value={bank.payCode}
                  checked={chosen}
                  onChange={() => onBank(bank.payCode)}
                />
                <span className="repay-option-title">{bank.bankName}</span>
              </label>
              {chosen && bank.methods.length > 0 ? (
                <fieldset className="repay-methods">
                  <legend>{t('chooser.method', { bank: bank.bankName })}</legend>
                  <div className="repay-option-row">
                    {bank.methods.map((m) => (
                      <label key={m} className="repay-option is-inline">
                        <input
                          type="radio"
                          name="repay-method"
                          value={m}
                          checked={m === method}
                          onChange={() => onMethod(m)}
                        />
                        <span>{t(`methods.${m}`, { defaultValue: m })}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The choices' frame while they are on their way (`lists`: only the lists of a new pay type). */
function ChoicesSkeleton({ lists = false }: { lists?: boolean }) {
  const { t } = useTranslation('repaymentPay');
  return (
    <SkeletonRegion label={t('chooser.loading')}>
      {lists ? null : (
        <div className="repay-card">
          <SkeletonBlock width="40%" height="1.1rem" />
          <div className="repay-skeleton-row">
            <SkeletonBlock width="45%" height="44px" radius="var(--radius-small)" />
            <SkeletonBlock width="45%" height="44px" radius="var(--radius-small)" />
          </div>
        </div>
      )}
      <div className="repay-card">
        {[0, 1, 2].map((n) => (
          <SkeletonBlock
            key={n}
            width="100%"
            height="44px"
            radius="var(--radius-small)"
            className="repay-skeleton-option"
          />
        ))}
      </div>
    </SkeletonRegion>
  );
}
