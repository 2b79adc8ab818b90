import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { StaffSession } from '../../../shared/contract/admin.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { adminKeys, login } from './admin-api.ts';
import { safeNext } from './admin-paths.ts';
import { LanguageSwitch } from './language-switch.tsx';
import './admin.css';

/** Staff sign-in (e-mail and password). The server's message says what went wrong, lock-out included. */
export function LoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  // One attempt at a time (the mutation's own guard): Enter pressed twice before the re-render must not
  // count as two failed attempts toward the lock-out.
  const signIn = useApiMutation({
    call: (body: { email: string; password: string }) => login(body.email, body.password),
    onSuccess: (session: StaffSession) => {
      // The shell's session guard reads this instead of asking the server again.
      queryClient.setQueryData(adminKeys.session, session);
      navigate(safeNext(params.get('next')), { replace: true });
    },
    onError: (failed) => setError(failed.message),
  });
  const sending = signIn.isPending;
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  useEffect(() => {
    // Whoever arrives here is signing in afresh: nothing an earlier session loaded (complaints, borrower
    // names) stays in memory for the next person at this browser. Done here, once the signed-in frame has
    // gone, because emptying the cache under a mounted screen makes it fetch again.
    queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [queryClient]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!email.trim()) {
      setError(t('login.emailMissing'));
      return;
    }
    if (!password) {
      setError(t('login.passwordMissing'));
      return;
    }
    setError('');
    signIn.mutate({ email: email.trim(), password });
  };

  const title = t('login.title');
  return (
    <main className="admin-login">
      <title>{`${title} · ${t('app.title')}`}</title>
      <div className="admin-login-card">
        <div className="admin-login-head">
          <p className="admin-login-brand">{t('app.title')}</p>
          <LanguageSwitch />
        </div>
        <h1>{title}</h1>
        <p className="admin-muted">{t('login.intro')}</p>
        <form onSubmit={submit} noValidate className="admin-form">
          <div className="admin-field">
            <label htmlFor={emailId}>{t('login.email')}</label>
            <input
              id={emailId}
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error !== '' && !email.trim()}
              aria-describedby={error ? errorId : undefined}
              disabled={sending}
              maxLength={200}
              required
            />
          </div>
          <div className="admin-field">
            <label htmlFor={passwordId}>{t('login.password')}</label>
            <input
              id={passwordId}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={error ? errorId : undefined}
              disabled={sending}
              maxLength={200}
              required
            />
          </div>
          {/* Always in the page so screen readers announce the message when it appears. */}
          <div id={errorId} className="admin-form-error" role="alert">
            {error}
          </div>
          <Button
            type="submit"
            color="primary"
            block
            size="large"
            loading={sending}
            loadingText={t('login.sending')}
            disabled={sending}
          >
            {t('login.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
