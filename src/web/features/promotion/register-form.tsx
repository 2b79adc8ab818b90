import { useMutation } from '@tanstack/react-query';
import {
  type FormEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import type { Delivery } from '../../../shared/contract/identity.ts';
import { PROMO_CODE, PROMO_LIMITS, PROMO_ROUTES } from '../../../shared/contract/promotion.ts';
import { normalizePhone } from '../../../shared/domain/phone.ts';
import { NETWORK_ERROR_CODE } from '../../lib/api-client.ts';
import { codeDigits } from '../../lib/code-digits.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { captchaText, caretAfterDigits, formatPhone, phoneDigits } from './phone-format.ts';
import { captchaSrc, fetchSid, register, sendSmsCode, trackClick } from './promo-api.ts';
import { usePromo } from './promo-layout.tsx';
import { carriedQuery } from './promo-params.ts';

type Field = 'phone' | 'captcha' | 'smsCode' | 'agreement';
const FIELD_ORDER: readonly Field[] = ['phone', 'captcha', 'smsCode', 'agreement'];

/** What the download page says about how the visitor got there (spec §8). */
export type RegisterOutcome = 'registered' | 'alreadyRegistered';

interface Captcha {
  /** The captcha session; null while it is being asked for, or when asking failed. */
  sid: string | null;
  /** Makes the picture's address new, so the browser fetches a new drawing. */
  stamp: number;
  /**
   * An SMS code was sent with this session: the server has bound it to the phone and will not draw it
   * again, so a new picture needs a new session (and a new code).
   */
  sent: boolean;
  failed: boolean;
}

const NO_CAPTCHA: Captcha = { sid: null, stamp: 0, sent: false, failed: false };

/**
 * The register form (spec §3 "Register form", §4 "SMS code button", §5, §8): mobile number, picture code,
 * SMS code with its get-code button, the agreement, Register. Each field's message shows at the field
 * (`aria-invalid`, `aria-describedby`); the outcome of a call shows in the form's alert or, for the code,
 * next to the code. Nothing of it is stored: a reload starts empty, and the picture and SMS codes never
 * leave this component's memory except to the server.
 */
export function RegisterForm({ visible }: { visible: boolean }) {
  const { t } = useTranslation(['promotion', 'common']);
  const { template, params } = usePromo();
  const navigate = useNavigate();
  const market = template.market;
  const lang = template.lang;

  const [phone, setPhone] = useState('');
  const [captchaValue, setCaptchaValue] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<ReadonlySet<Field>>(new Set());
  const [captcha, setCaptcha] = useState<Captcha>(NO_CAPTCHA);
  // The form's two writes (decision 066). Their results are answers, never thrown (the request helper
  // turns a lost connection into one), so each tap reads its own result and the form says it where it
  // belongs.
  const sendCode = useMutation({
    mutationFn: (v: Parameters<typeof sendSmsCode>[0]) => sendSmsCode(v, params, template),
  });
  const registration = useMutation({
    mutationFn: (v: Parameters<typeof register>[0]) => register(v, params, template),
  });
  const sending = sendCode.isPending;
  // Stays true after a registration that leads on: the page is leaving for the download page.
  const [registered, setRegistered] = useState(false);
  const registering = registration.isPending || registered;
  /** What the code's status line says; the wait is the one at the tap, so it is not re-read each second. */
  const [codeNote, setCodeNote] = useState<
    { kind: 'sent' | 'calling' } | { kind: 'doNotResend'; seconds: number } | null
  >(null);
  /** A code went out once: the call alternative is offered from then on, for a phone SMS misses. */
  const [codeSent, setCodeSent] = useState(false);
  const [formAlert, setFormAlert] = useState('');
  const countdown = useCountdown();

  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    phone: useRef<HTMLInputElement>(null),
    captcha: useRef<HTMLInputElement>(null),
    smsCode: useRef<HTMLInputElement>(null),
    agreement: useRef<HTMLInputElement>(null),
  };
  const phoneCaret = useRef<number | null>(null);
  /** Pictures that failed in a row since the last one that showed. */
  const pictureFailures = useRef(0);

  const showErrors = (found: Field[], checked: readonly Field[] = FIELD_ORDER) => {
    setErrors((prev) => {
      const next = new Set([...prev].filter((f) => !checked.includes(f)));
      for (const f of found) next.add(f);
      return next;
    });
    const first = FIELD_ORDER.find((f) => found.includes(f));
    if (first) refs[first].current?.focus();
  };
  const clearError = (field: Field) =>
    setErrors((prev) => {
      if (!prev.has(field)) return prev;
      const next = new Set(prev);
      next.delete(field);
      return next;
    });

  /** A new captcha session and its first picture (spec §8: after 101 and -1, and when one cannot be redrawn). */
  const newCaptcha = useCallback(async () => {
    setCaptcha(NO_CAPTCHA);
    const result = await fetchSid(template.id, lang);
    if (result.ok && result.data?.sid) {
      setCaptcha({ sid: result.data.sid, stamp: Date.now(), sent: false, failed: false });
    } else {
      setCaptcha({ ...NO_CAPTCHA, failed: true });
    }
  }, [template.id, lang]);

  // The first picture comes when the form is first shown (not while the agreement covers it).
  const started = useRef(false);
  useEffect(() => {
    if (!visible || started.current) return;
    started.current = true;
    void newCaptcha();
  }, [visible, newCaptcha]);

  const validPhone = () => normalizePhone(market, phone);
  const validCaptcha = () => captchaValue.length === PROMO_LIMITS.captcha;
  const validSmsCode = () => smsCode.length === PROMO_LIMITS.smsCode;

  /** The picture code was wrong, used or spent: a new one, and the picture message at its field. */
  const freshCaptcha = () => {
    setCaptchaValue('');
    void newCaptcha();
    showErrors(['captcha'], ['captcha']);
  };

  /** Tapping the picture: a new one, but only for a valid phone (spec §5). */
  const onPictureTap = () => {
    if (!validPhone()) {
      showErrors(['phone'], ['phone']);
      return;
    }
    clearError('phone');
    setCaptchaValue('');
    clearError('captcha');
    pictureFailures.current = 0;
    if (!captcha.sid || captcha.sent || captcha.failed) void newCaptcha();
    else setCaptcha((c) => ({ ...c, stamp: Date.now() }));
  };

  /**
   * The session cannot draw any more (used, expired, drawn too often): start a new one. Only once in a
   * row: a picture that fails again (the service down) shows the failure and waits for a tap, rather than
   * asking for sessions in a loop.
   */
  const onPictureError = () => {
    if (pictureFailures.current === 0) {
      pictureFailures.current = 1;
      void newCaptcha();
    } else {
      setCaptcha((c) => ({ ...c, failed: true }));
    }
  };

  const onGetCode = async (via: Delivery = 'sms') => {
    if (sending) return;
    // Spec §4, §5: while the wait runs the button sends nothing and says why.
    if (countdown.counting) {
      setCodeNote({ kind: 'doNotResend', seconds: countdown.left });
      return;
    }
    const national = validPhone();
    if (national && captcha.sent) {
      // A picture code sends one SMS (decision 036): a new code needs a new picture, so ask for it here
      // rather than spend a call the server would refuse.
      clearError('phone');
      freshCaptcha();
      return;
    }
    const found: Field[] = [];
    if (!national) found.push('phone');
    else if (!validCaptcha()) found.push('captcha');
    showErrors(found, ['phone', 'captcha']);
    if (!national || found.length > 0) return;
    if (!captcha.sid) {
      freshCaptcha();
      return;
    }
    setFormAlert('');
    setCodeNote(null);
    const result = await sendCode.mutateAsync({
      phone: national,
      capcode: captchaValue,
      sid: captcha.sid,
      via,
    });
    if (result.ok) {
      // Messages of earlier taps (an empty code or agreement at a first Register) are stale once the code
      // is on its way: the form starts its next step clean, and Register checks every field again.
      setErrors(new Set());
      setCaptcha((c) => ({ ...c, sent: true }));
      setCodeSent(true);
      countdown.start(PROMO_LIMITS.resendSeconds);
      setCodeNote({ kind: via === 'voice' ? 'calling' : 'sent' });
      refs.smsCode.current?.focus();
    } else if (String(result.code) === PROMO_CODE.SMS_BAD_CAPTCHA) {
      freshCaptcha();
    } else {
      setFormAlert(result.code === NETWORK_ERROR_CODE ? t('common:errors.network') : result.message);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (registering) return;
    const national = validPhone();
    const found: Field[] = [];
    if (!national) found.push('phone');
    if (!validCaptcha()) found.push('captcha');
    if (!validSmsCode()) found.push('smsCode');
    if (!agreed) found.push('agreement');
    showErrors(found);
    if (!national || found.length > 0) return;
    if (!captcha.sid) {
      freshCaptcha();
      return;
    }
    setFormAlert('');
    trackClick(params, template.id, national, lang, navigator.userAgent);
    const result = await registration.mutateAsync({
      phone: national,
      capcode: captchaValue,
      sid: captcha.sid,
      smsCode,
    });
    const code = String(result.code);
    const outcome: RegisterOutcome | null = result.ok
      ? 'registered'
      : code === PROMO_CODE.ALREADY_REGISTERED
        ? 'alreadyRegistered'
        : null;
    if (outcome) {
      setRegistered(true);
      navigate({ pathname: PROMO_ROUTES.download, search: carriedQuery(params) }, { state: { outcome } });
      return;
    }
    if (code === PROMO_CODE.REGISTER_BAD_CAPTCHA) freshCaptcha();
    else setFormAlert(result.code === NETWORK_ERROR_CODE ? t('common:errors.network') : result.message);
  };

  // The phone field shows the digits grouped; keep the caret after the digit it followed.
  useLayoutEffect(() => {
    const input = refs.phone.current;
    if (phoneCaret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(phoneCaret.current, phoneCaret.current);
    phoneCaret.current = null;
  });
  const formattedPhone = formatPhone(market, phone);
  const onPhoneChange = (input: HTMLInputElement) => {
    const { value, selectionStart: caret } = input;
    const next = phoneDigits(market, value);
    const typedDigits = value.replace(/\D/g, '');
    const before = value.slice(0, caret ?? value.length).replace(/\D/g, '').length;
    const shown = formatPhone(market, next);
    // Only a plain edit keeps its place; a pasted prefix or a cut puts the caret at the end.
    phoneCaret.current = next === typedDigits ? caretAfterDigits(shown, before) : shown.length;
    setPhone(next);
    clearError('phone');
  };

  const describedBy = (field: Field, hint = true) =>
    [errors.has(field) ? `promo-${field}-error` : '', hint ? `promo-${field}-hint` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors.has(field) ? (
      <p id={`promo-${field}-error`} className="promo-field-error">
        {t(`errors.${field}`)}
      </p>
    ) : null;

  const getCodeLabel = sending
    ? t('form.smsCode.sending')
    : countdown.counting
      ? t('form.smsCode.countdown', { seconds: countdown.left })
      : t('form.smsCode.get');
  const pictureLabel = captcha.failed ? t('form.captcha.failed') : t('form.captcha.refresh');

  return (
    <form className="promo-card promo-form" noValidate onSubmit={onSubmit} aria-labelledby="promo-form-title">
      <h2 id="promo-form-title">{t('form.title')}</h2>

      <div className="promo-field">
        <label htmlFor="promo-phone">{t('form.phone.label')}</label>
        <input
          id="promo-phone"
          ref={refs.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={formattedPhone}
          onChange={(e) => onPhoneChange(e.currentTarget)}
          aria-invalid={errors.has('phone') || undefined}
          aria-describedby={describedBy('phone')}
        />
        {fieldError('phone')}
        <p id="promo-phone-hint" className="promo-hint">
          {t(`form.phone.hint${market}`)}
        </p>
      </div>

      <div className="promo-field">
        <label htmlFor="promo-captcha">{t('form.captcha.label')}</label>
        <div className="promo-field-row">
          <input
            id="promo-captcha"
            ref={refs.captcha}
            type="text"
            maxLength={PROMO_LIMITS.captcha}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            value={captchaValue}
            onChange={(e) => {
              setCaptchaValue(captchaText(e.currentTarget.value, PROMO_LIMITS.captcha));
              clearError('captcha');
            }}
            aria-invalid={errors.has('captcha') || undefined}
            aria-describedby={describedBy('captcha')}
          />
          <button
            type="button"
            className="promo-captcha"
            onClick={onPictureTap}
            aria-label={pictureLabel}
            title={pictureLabel}
          >
            {captcha.sid && !captcha.failed ? (
              <img
                src={captchaSrc(captcha.sid, captcha.stamp)}
                alt=""
                width={120}
                height={44}
                onLoad={() => {
                  pictureFailures.current = 0;
                }}
                onError={onPictureError}
              />
            ) : (
              <span className="promo-captcha-empty" aria-hidden="true">
                {captcha.failed ? '↻' : ''}
              </span>
            )}
          </button>
        </div>
        {fieldError('captcha')}
        <p id="promo-captcha-hint" className="promo-hint">
          {t('form.captcha.hint')}
        </p>
      </div>

      <div className="promo-field">
        <label htmlFor="promo-smsCode">{t('form.smsCode.label')}</label>
        <div className="promo-field-row">
          <input
            id="promo-smsCode"
            ref={refs.smsCode}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={PROMO_LIMITS.smsCode}
            autoComplete="one-time-code"
            value={smsCode}
            onChange={(e) => {
              setSmsCode(codeDigits(e.currentTarget.value, PROMO_LIMITS.smsCode));
              clearError('smsCode');
            }}
            aria-invalid={errors.has('smsCode') || undefined}
            aria-describedby={`${describedBy('smsCode') ?? ''} promo-code-note`.trim()}
          />
          <button
            type="button"
            className="promo-get-code"
            onClick={() => void onGetCode()}
            disabled={sending || registering}
            aria-disabled={countdown.counting || undefined}
          >
            {getCodeLabel}
          </button>
        </div>
        {fieldError('smsCode')}
        <p id="promo-smsCode-hint" className="promo-hint">
          {t('form.smsCode.hint')}
        </p>
        {/* Always in the page, so screen readers hear what appears in it. */}
        <p id="promo-code-note" className="promo-code-note" role="status">
          {codeNote?.kind === 'sent' || codeNote?.kind === 'calling'
            ? t(`form.smsCode.${codeNote.kind}`)
            : codeNote?.kind === 'doNotResend'
              ? t('errors.doNotResend', { seconds: codeNote.seconds })
              : ''}
        </p>
        {codeSent && (
          <button
            type="button"
            className="promo-call-code"
            onClick={() => void onGetCode('voice')}
            disabled={sending || registering}
            aria-disabled={countdown.counting || undefined}
          >
            {t('form.smsCode.call')}
          </button>
        )}
      </div>

      <div className="promo-field promo-agreement">
        <div className="promo-check">
          <input
            id="promo-agreement"
            ref={refs.agreement}
            type="checkbox"
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
              clearError('agreement');
            }}
            aria-invalid={errors.has('agreement') || undefined}
            aria-describedby={describedBy('agreement', false)}
          />
          <label htmlFor="promo-agreement">
            {t('form.agreement.before')}
            <Link
              id="promo-agreement-link"
              to={{ pathname: PROMO_ROUTES.agreement, search: carriedQuery(params) }}
            >
              {t('form.agreement.link')}
            </Link>
            {t('form.agreement.after')}
          </label>
        </div>
        {fieldError('agreement')}
      </div>

      <div className="promo-alert" role="alert">
        {formAlert ? <p>{formAlert}</p> : null}
      </div>

      <button type="submit" className="promo-button promo-submit" disabled={registering}>
        {registering ? t('form.submitting') : t('form.submit')}
      </button>
    </form>
  );
}
