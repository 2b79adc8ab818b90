import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { BankAccountData } from '../../../shared/contract/bank-account-schema.ts';
import { checkAccountNumber, checkIfsc } from '../../../shared/domain/identity-documents.ts';
import { bindBank } from '../../../shared/i18n/bind-bank.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { isNetworkFailure } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { addCopy } from '../../lib/i18n.ts';
import { sessionMarket } from '../../lib/session-params.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import { bankAccountKey, bankAccountQuery, bindAccount, sendChangeCode } from './bind-bank-queries.ts';
import './bind-bank-page.css';

addCopy({ bindBank });

/** Account-number lengths per market, as the server checks them (identity-documents.ts). */
const DIGITS = { IN: { min: 9, max: 18 }, ID: { min: 8, max: 18 } } as const;

/**
 * `/bindBank` (issue 30; decision 065): the borrower's bank account. The market's form (India: IFSC and
 * account; Indonesia: bank and account), checked here as the server checks it, then with the bank by the
 * server; the bank's holder name shown for the borrower to confirm; the account masked afterwards; a
 * change needs the SMS code. The native app hears `startBank` when the screen opens and `endBank` once an
 * account is saved.
 */
export function BindBankPage() {
  const { t } = useTranslation('bindBank');
  const info = useQuery(bankAccountQuery());
  const [changing, setChanging] = useState(false);
  useEffect(() => {
    sendBridge({ type: 'startBank' });
  }, []);
  const title = t('title');
  const page = (body: ReactNode) => (
    <main className="shell-page bind-bank">
      <title>{title}</title>
      <h1>{title}</h1>
      {body}
    </main>
  );
  if (info.isPending)
    return page(
      <SkeletonRegion label={t('loading')}>
        <SkeletonBlock height="220px" />
      </SkeletonRegion>,
    );
  if (info.isError)
    return page(
      <PageError
        message={isNetworkFailure(info.error) ? undefined : t('loadError')}
        onRetry={() => void info.refetch()}
      />,
    );
  const account = info.data;
  const saved = () => {
    setChanging(false);
    sendBridge({ type: 'endBank' });
  };
  if (account.status === 'none')
    return page(
      <>
        {/* Staff refused the last account (decision 068): why comes before the form to add another. */}
        {account.reason ? (
          <div className="bind-bank-review" role="status">
            <strong>{t('refused')}</strong>
            <p>{account.reason}</p>
          </div>
        ) : null}
        <AccountForm account={account} onSaved={saved} />
      </>,
    );
  return page(
    <>
      <AccountCard account={account} />
      {changing ? (
        <AccountForm account={account} onSaved={saved} onCancel={() => setChanging(false)} />
      ) : (
        <button type="button" className="bind-bank-link" onClick={() => setChanging(true)}>
          {t('change')}
        </button>
      )}
    </>,
  );
}

function AccountCard({ account }: { account: BankAccountData }) {
  const { t } = useTranslation('bindBank');
  const id = useId();
  return (
    <section className="bind-bank-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('current')}</h2>
      <dl>
        <dt>{sessionMarket() === 'IN' ? t('ifsc') : t('bank')}</dt>
        <dd>{account.bankName}</dd>
        <dt>{t('account')}</dt>
        <dd className="bind-bank-number">{account.accountMasked}</dd>
        <dt>{t('holder')}</dt>
        <dd>{account.holderName}</dd>
      </dl>
      {account.status === 'verified' ? (
        <p className="bind-bank-ok">{t('verified')}</p>
      ) : (
        <div className="bind-bank-review" role="status">
          <strong>{t('review')}</strong>
          <p>{account.reason}</p>
        </div>
      )}
    </section>
  );
}

interface Errors {
  ifsc?: string;
  bankCode?: string;
  accountNo?: string;
  verifyCode?: string;
}

function AccountForm({
  account,
  onSaved,
  onCancel,
}: {
  account: BankAccountData;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('bindBank');
  const market = sessionMarket();
  const change = account.changeNeedsCode;
  const id = useId();
  const [ifsc, setIfsc] = useState('');
  const [bankCode, setBankCode] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [codeSent, setCodeSent] = useState(false);
  // A refusal (no such account, taken, wrong code, bank unavailable) is shown under the form, in the
  // server's words; a code that could not be sent is toasted by the request helper.
  const bind = useApiMutation({ call: bindAccount, invalidates: [bankAccountKey], onSuccess: onSaved });
  const code = useApiMutation({
    call: sendChangeCode,
    // A second request within the minute is refused by the server (its limits), with the wait toasted:
    // the screen keeps no timer of its own (the shared countdown would join every screen's first load).
    onSuccess: () => setCodeSent(true),
  });

  const check = (): Errors => {
    const found: Errors = {};
    if (market === 'IN' && !checkIfsc(ifsc).ok) found.ifsc = t('ifscInvalid');
    if (market === 'ID' && !bankCode) found.bankCode = t('bankRequired');
    if (!checkAccountNumber(market, accountNo).ok) found.accountNo = t('accountInvalid', DIGITS[market]);
    if (change && !/^\d{6}$/.test(verifyCode)) found.verifyCode = t('codeInvalid');
    return found;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    bind.mutate({
      ...(market === 'IN' ? { ifsc } : { bankCode }),
      accountNo,
      ...(change ? { verifyCode } : {}),
    });
  };
  /** One field with its label, hint and inline error. */
  const field = (name: keyof Errors, label: string, input: ReactNode, hint?: string) => (
    <div className="bind-bank-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {hint ? (
        <p id={`${id}-${name}-hint`} className="bind-bank-muted">
          {hint}
        </p>
      ) : null}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="bind-bank-error" role="alert">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const inputProps = (name: keyof Errors, hint = false) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [errors[name] ? `${id}-${name}-error` : '', hint ? `${id}-${name}-hint` : '']
        .filter(Boolean)
        .join(' ') || undefined,
    onBlur: () => setErrors((e) => ({ ...e, [name]: check()[name] })),
  });

  return (
    <section className="bind-bank-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{change ? t('changeTitle') : t('title')}</h2>
      <p className="bind-bank-muted">{change ? t('changeText') : t('intro')}</p>
      <form noValidate onSubmit={submit}>
        {market === 'IN'
          ? field(
              'ifsc',
              t('ifsc'),
              <input
                {...inputProps('ifsc', true)}
                type="text"
                autoCapitalize="characters"
                autoComplete="off"
                maxLength={11}
                value={ifsc}
                onChange={(e) => setIfsc(e.currentTarget.value.toUpperCase())}
              />,
              t('ifscHint'),
            )
          : field(
              'bankCode',
              t('bank'),
              <select
                {...inputProps('bankCode')}
                value={bankCode}
                onChange={(e) => setBankCode(e.currentTarget.value)}
              >
                <option value="">{t('bankChoose')}</option>
                {account.banks.map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.name}
                  </option>
                ))}
              </select>,
            )}
        {field(
          'accountNo',
          t('account'),
          <input
            {...inputProps('accountNo')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={24}
            value={accountNo}
            onChange={(e) => setAccountNo(e.currentTarget.value.replace(/[^\d\s-]/g, ''))}
          />,
        )}
        {change ? (
          <div className="bind-bank-code">
            {field(
              'verifyCode',
              t('code'),
              <input
                {...inputProps('verifyCode')}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={verifyCode}
                onChange={(e) => setVerifyCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              />,
            )}
            <Button fill="outline" color="primary" loading={code.isPending} onClick={() => code.mutate()}>
              {codeSent ? t('resend') : t('sendCode')}
            </Button>
            {codeSent ? (
              <p className="bind-bank-muted" role="status">
                {t('codeSent')}
              </p>
            ) : null}
          </div>
        ) : null}
        {bind.error ? (
          <p className="bind-bank-error" role="alert">
            {bind.error.message}
          </p>
        ) : null}
        <Button block color="primary" type="submit" loading={bind.isPending}>
          {t('verify')}
        </Button>
        {onCancel ? (
          <button type="button" className="bind-bank-link" onClick={onCancel}>
            {t('cancel')}
          </button>
        ) : null}
      </form>
    </section>
  );
}
