import { type FormEvent, useEffect, useId, useState } from 'react';
import { REVEAL_REASON, REVEAL_SHOW_MS } from '../../../../shared/contract/admin-borrowers.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useStaffSession } from '../admin-api.ts';
import { FieldFoot, FormAlert } from '../admin-form.tsx';
import { type RevealTarget, revealNumber } from './borrowers-api.ts';

/**
 * A masked number and, for an administrator, the way to see it once (decision 068): a reason, then the
 * number for 30 seconds, then masked again. The number lives in this component's state only, never in
 * the query cache, the address or storage.
 */
export function Revealable({
  borrowerId,
  target,
  masked,
  what,
}: {
  borrowerId: number;
  target: RevealTarget;
  masked: string;
  /** What the number is, for the button's and the form's names ("the identity number"). */
  what: string;
}) {
  const { t } = useTranslation('borrowersAdmin');
  const { staff, csrfToken } = useStaffSession();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [shown, setShown] = useState<{ value: string; until: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const id = useId();

  useEffect(() => {
    if (!shown) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= shown.until) setShown(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [shown]);

  const reveal = useApiMutation({
    call: (why: string) => revealNumber(borrowerId, target, why, csrfToken),
    onSuccess: (data) => {
      const at = Date.now();
      setNow(at);
      setShown({ value: data.value, until: at + REVEAL_SHOW_MS });
      setOpen(false);
      setReason('');
    },
    onError: (failure) => setProblem(failure.message),
  });

  if (shown)
    return (
      <span className="admin-reveal">
        <span className="admin-revealed">{shown.value}</span>{' '}
        <span className="admin-muted" aria-live="polite">
          {t('reveal.shown', { seconds: Math.max(0, Math.ceil((shown.until - now) / 1000)) })}
        </span>{' '}
        <button type="button" className="admin-link-button" onClick={() => setShown(null)}>
          {t('reveal.hide')}
        </button>
      </span>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = reason.trim();
    if (why.length < REVEAL_REASON.min)
      return setProblem(t('reveal.reasonShort', { min: REVEAL_REASON.min }));
    if (why.length > REVEAL_REASON.max) return setProblem(t('reveal.reasonLong', { max: REVEAL_REASON.max }));
    setProblem('');
    reveal.mutate(why);
  };

  return (
    <span className="admin-reveal">
      <span>{masked}</span>{' '}
      {staff.role === 'admin' && !open ? (
        <button
          type="button"
          className="admin-link-button"
          aria-label={t('reveal.buttonNamed', { what })}
          onClick={() => setOpen(true)}
        >
          {t('reveal.button')}
        </button>
      ) : null}
      {open ? (
        <form
          className="admin-reveal-form"
          onSubmit={submit}
          noValidate
          aria-label={t('reveal.title', { what })}
        >
          <p className="admin-muted">{t('reveal.intro')}</p>
          <div className="admin-field">
            <label htmlFor={id}>{t('reveal.reason')}</label>
            <textarea
              id={id}
              rows={2}
              maxLength={REVEAL_REASON.max}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-describedby={`${id}-hint`}
            />
            <FieldFoot
              id={id}
              hint={t('reveal.reasonHint', { min: REVEAL_REASON.min, max: REVEAL_REASON.max })}
            />
          </div>
          {problem ? <FormAlert id={`${id}-alert`} text={problem} /> : null}
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button-primary" disabled={reveal.isPending}>
              {reveal.isPending ? t('reveal.sending') : t('reveal.submit')}
            </button>
            <button
              type="button"
              className="admin-button"
              onClick={() => {
                setOpen(false);
                setProblem('');
              }}
            >
              {t('reveal.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </span>
  );
}
