import { type FormEvent, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useStaffSession } from '../admin-api.ts';
import { markBillPaid, readAmount } from './payments-api.ts';

/**
 * The sandbox gateway's "mark paid" (decision 031): pays a bill as a borrower would, so that operators
 * and demos can watch a payment be credited or come to reconciliation. The gateway is the sandbox in
 * every deployment so far and the API has no flag that says otherwise, so the form says "Sandbox" on
 * itself instead of hiding.
 */
export function SandboxPayment({ onPaid }: { onPaid: () => void }) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const [billNo, setBillNo] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ billNo?: string; amount?: string }>({});
  const [failure, setFailure] = useState('');
  const ids = { heading: useId(), billNo: useId(), amount: useId(), hint: useId(), failure: useId() };
  const pay = useApiMutation({
    call: ({ bill, minor }: { bill: string; minor: number | null }) =>
      markBillPaid(bill, minor, session.csrfToken, t('payments.saving')),
    onSuccess: ({ paymentId, delivered }) => {
      toast.show(t(delivered ? 'payments.sandbox.sent' : 'payments.sandbox.queued', { paymentId }));
      setBillNo('');
      setAmount('');
      onPaid();
    },
    // In the server's words (no such bill, another market's).
    onError: (failed) => {
      flushSync(() => setFailure(failed.message));
      document.getElementById(ids.failure)?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    const bill = billNo.trim();
    const minor = amount.trim() ? readAmount(amount) : null;
    const found = {
      ...(bill ? {} : { billNo: t('payments.sandbox.billMissing') }),
      ...(amount.trim() && minor === null ? { amount: t('payments.sandbox.amountInvalid') } : {}),
    };
    if (found.billNo || found.amount) {
      flushSync(() => setErrors(found));
      document.getElementById(found.billNo ? ids.billNo : ids.amount)?.focus();
      return;
    }
    setFailure('');
    pay.mutate({ bill, minor });
  };

  const fieldError = (key: 'billNo' | 'amount') =>
    errors[key] ? (
      <p id={`${ids[key]}-error`} className="admin-field-error">
        {errors[key]}
      </p>
    ) : null;

  return (
    <section className="admin-card admin-payment-sandbox" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>
        {t('payments.sandbox.title')} <span className="admin-badge">{t('payments.sandbox.badge')}</span>
      </h2>
      <p className="admin-muted">{t('payments.sandbox.intro')}</p>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="admin-field admin-field-narrow">
          <label htmlFor={ids.billNo}>{t('payments.sandbox.billNo')}</label>
          <input
            id={ids.billNo}
            value={billNo}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.billNo ? true : undefined}
            aria-describedby={errors.billNo ? `${ids.billNo}-error` : undefined}
            onChange={(e) => {
              setBillNo(e.target.value);
              setErrors(({ billNo: _gone, ...rest }) => rest);
            }}
          />
          {fieldError('billNo')}
        </div>
        <div className="admin-field admin-field-narrow">
          <label htmlFor={ids.amount}>{t('payments.sandbox.amount')}</label>
          <input
            id={ids.amount}
            value={amount}
            inputMode="decimal"
            maxLength={12}
            autoComplete="off"
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${ids.amount}-error ${ids.hint}` : ids.hint}
            onChange={(e) => {
              setAmount(e.target.value);
              setErrors(({ amount: _gone, ...rest }) => rest);
            }}
          />
          <p id={ids.hint} className="admin-hint admin-muted">
            {t('payments.sandbox.amountHint')}
          </p>
          {fieldError('amount')}
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={pay.isPending}>
            {t('payments.sandbox.submit')}
          </button>
        </div>
      </form>
      <div id={ids.failure} className="admin-form-error" role="alert" tabIndex={-1}>
        {failure}
      </div>
    </section>
  );
}
