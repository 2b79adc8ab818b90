import { Button } from 'antd-mobile';
import { type FormEvent, useId, useRef, useState } from 'react';
import { UTR_PATTERN } from '../../../shared/contract/constants.ts';
import type { StatusData } from '../../../shared/contract/repayment.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { type BillRef, submitUtr } from './pay-queries.ts';

/** India: the UTR of a payment made in another app, 12 digits, checked here before it is sent. */
export function UtrForm({ bill, onResult }: { bill: BillRef; onResult: (status: StatusData) => void }) {
  const { t } = useTranslation('repaymentPay');
  const [utr, setUtr] = useState('');
  const [error, setError] = useState('');
  // A refusal (a UTR already used, not found…) has been toasted with the server's reason.
  const send = useApiMutation({
    call: (value: string) => submitUtr(bill, value),
    onSuccess: (status) => {
      if (status) onResult(status);
    },
  });
  const sending = send.isPending;
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const value = utr.trim();
    if (!UTR_PATTERN.test(value)) {
      setError(t('pay.upi.utrInvalid'));
      input.current?.focus();
      return;
    }
    setError('');
    send.mutate(value);
  };

  return (
    <section className="repay-card repay-utr" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('pay.upi.utrHeading')}</h2>
      <p className="repay-muted">{t('pay.upi.utrText')}</p>
      <form noValidate onSubmit={submit}>
        <label htmlFor={`${id}-utr`} className="repay-field-label">
          {t('pay.upi.utrLabel')}
        </label>
        <input
          ref={input}
          id={`${id}-utr`}
          className="repay-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={utr}
          onChange={(event) => {
            setUtr(event.currentTarget.value);
            if (error) setError('');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="repay-muted">
          {t('pay.upi.utrHint')}
        </p>
        {error ? (
          <p id={`${id}-error`} className="repay-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button block color="primary" fill="outline" type="submit" loading={sending}>
          {t('pay.upi.utrSubmit')}
        </Button>
      </form>
    </section>
  );
}
