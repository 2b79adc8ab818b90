import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DemoLogin } from '../../../shared/contract/session.ts';
import { isMarket, type Market } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { SHELL_ROUTES } from '../../../shared/shell-routes.ts';
import { request } from '../../lib/api-client.ts';
import {
  type BridgeMessage,
  H5_BRIDGE_SOURCE,
  isBridgeMessage,
  NATIVE_SHELL_SOURCE,
  type ShellCommand,
  sameOriginPath,
} from '../../lib/bridge.ts';
import { codeDigits } from '../../lib/code-digits.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import './simulator-page.css';

/**
 * Every H5 screen the server serves, the complaint entry first (what the simulator opens by default);
 * the bridge test page is a developer page, so it comes last.
 */
export const H5_ROUTES: readonly string[] = SHELL_ROUTES.filter((r) => r.shell === 'h5')
  .map((r) => r.path)
  .sort((a, b) => rank(a) - rank(b));

function rank(path: string): number {
  if (path === H5_PATHS.complaint) return 0;
  if (path === H5_PATHS.bridgeTest) return 2;
  return 1;
}

/** Demo mode seeds several borrowers per market (1 = the default) so two can be tried against each other. */
export const DEMO_BORROWER_CHOICES = [1, 2, 3] as const;

/** What a real shell would put next to the identity (product brief §2); fixed values for the simulator. */
const DEVICE = {
  version: '1.0.0',
  type: 'android',
  deviceName: 'Shell simulator',
  osVersion: '14',
  gid: 'simulator-gid',
  platform: 'android',
} as const;

/** The URL a native shell opens: the H5 path plus the launch identity in the query string. */
export function launchUrl(path: string, market: Market, session: DemoLogin | null, origin: string): string {
  const url = new URL(path, origin);
  const params = url.searchParams;
  params.set('deviceId', session?.deviceId ?? 'simulator-device');
  params.set('market', market);
  params.set('version', DEVICE.version);
  if (session) params.set('token', session.token);
  params.set('type', DEVICE.type);
  params.set('deviceName', DEVICE.deviceName);
  params.set('osVersion', DEVICE.osVersion);
  params.set('gid', DEVICE.gid);
  params.set('platform', DEVICE.platform);
  if (market === 'ID') params.set('isNeedPop', '1');
  return `${url.pathname}${url.search}${url.hash}`;
}

interface LogEntry {
  id: number;
  at: Date;
  message: BridgeMessage;
  note?: string;
}

const MARKET_NAMES: Record<Market, string> = { IN: 'India', ID: 'Indonesia' };

function argsOf(message: BridgeMessage): string {
  const { type: _type, ...args } = message;
  return JSON.stringify(args);
}

function timeOf(at: Date): string {
  return at.toLocaleTimeString('en-GB', { hour12: false });
}

async function demoLogin({ market, borrower }: { market: Market; borrower: number }): Promise<DemoLogin> {
  const data = borrower === 1 ? { market } : { market, borrower };
  const result = await request<DemoLogin>('/dev-api/demo-login', { data, silent: true });
  if (!result.ok || !result.data) throw new Error(result.message || 'Demo sign-in failed.');
  return result.data;
}

/** The borrower app's sign-in code: six digits. */
const SIM_CODE_LENGTH = 6;

/** The app's SMS sign-in (decision 036), as the native shell would call it. */
const SIM_DEVICE = 'simulator-device';
async function sendLoginCode(market: Market, phone: string): Promise<string> {
  const sent = await request<null>('/vdthg/v1/session/login-code', { data: { market, phone }, silent: true });
  if (!sent.ok) throw new Error(sent.message || 'The code could not be sent.');
  // Demo mode: what the phone would have received (nothing when the number has no account).
  const sms = await request<{ text: string } | null>('/dev-api/sms/last', {
    method: 'GET',
    data: { phone: phone.replace(/\D/g, '') },
    silent: true,
  });
  return /\b(\d{6})\b/.exec(sms.data?.text ?? '')?.[1] ?? '';
}
async function smsLogin(v: { market: Market; phone: string; code: string }): Promise<DemoLogin> {
  const result = await request<{ token: string; userId: number; market: Market }>('/vdthg/v1/session/login', {
    data: { market: v.market, phone: v.phone, smsCode: v.code, deviceId: SIM_DEVICE },
    silent: true,
  });
  if (!result.ok || !result.data) throw new Error(result.message || 'Sign-in failed.');
  return { ...result.data, phone: v.phone, name: 'SMS sign-in', deviceId: SIM_DEVICE };
}

/**
 * A native shell in a browser tab: a phone-sized web view hosting the H5 app, the shell's own buttons,
 * and a log of every bridge message the page sends, with the reaction a real shell would have.
 */
export function SimulatorPage() {
  const [searchParams] = useSearchParams();
  const initialRoute = searchParams.get('route') ?? '';
  const initialMarket = searchParams.get('market')?.toUpperCase();
  const [market, setMarket] = useState<Market>(isMarket(initialMarket) ? initialMarket : 'IN');
  const initialBorrower = Number(searchParams.get('borrower'));
  const [borrower, setBorrower] = useState<number>(
    DEMO_BORROWER_CHOICES.includes(initialBorrower as 1) ? initialBorrower : 1,
  );
  const [route, setRoute] = useState<string>(
    H5_ROUTES.includes(initialRoute) ? initialRoute : (H5_ROUTES[0] ?? '/'),
  );
  const [customPath, setCustomPath] = useState(
    initialRoute && !H5_ROUTES.includes(initialRoute) ? initialRoute : '',
  );
  const [pathError, setPathError] = useState('');
  const [session, setSession] = useState<DemoLogin | null>(null);
  const [frame, setFrame] = useState<{ url: string; key: number } | null>(null);
  const [closed, setClosed] = useState(false);
  const [shellNote, setShellNote] = useState('Sign in, then open a route.');
  const [log, setLog] = useState<LogEntry[]>([]);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const nextId = useRef(1);
  const ids = useId();

  // The message listener reads the latest identity without being re-attached on every change.
  const current = useRef({ market, session });
  useEffect(() => {
    current.current = { market, session };
  }, [market, session]);

  const launch = useCallback((path: string, who: { market: Market; session: DemoLogin | null }) => {
    // A new web view starts a fresh page session; the frame shares this tab's sessionStorage.
    setSessionParams({});
    setClosed(false);
    setFrame((prev) => ({
      url: launchUrl(path, who.market, who.session, window.location.origin),
      key: (prev?.key ?? 0) + 1,
    }));
    setShellNote(`Opened ${path}`);
  }, []);

  const signIn = useMutation({
    mutationFn: demoLogin,
    onSuccess: (data, who) => {
      setSession(data);
      const path = customPath.trim() || route;
      launch(sameOriginPath(path, window.location.origin) ?? route, { market: who.market, session: data });
    },
  });

  // The real flow: phone → code (read from the demo outbox, as the phone would show it) → session.
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeNote, setCodeNote] = useState('');
  const requestCode = useMutation({
    mutationFn: () => sendLoginCode(market, phone),
    onSuccess: (received) => {
      setCode(received);
      setCodeNote(
        received ? `The phone received ${received}.` : 'No code arrived: is the number registered?',
      );
    },
  });
  const codeSignIn = useMutation({
    mutationFn: smsLogin,
    onSuccess: (data) => {
      setSession(data);
      const path = customPath.trim() || route;
      launch(sameOriginPath(path, window.location.origin) ?? route, { market: data.market, session: data });
    },
  });

  const autoStarted = useRef(false);
  useEffect(() => {
    // Browser tests open `?route=…&market=…&autologin=1`; the ref keeps StrictMode from signing in twice.
    if (autoStarted.current || searchParams.get('autologin') !== '1') return;
    autoStarted.current = true;
    signIn.mutate({ market, borrower });
  }, [searchParams, signIn, market, borrower]);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const envelope = data as { source?: unknown; message?: unknown };
      if (envelope.source !== H5_BRIDGE_SOURCE || !isBridgeMessage(envelope.message)) return;
      const message = envelope.message;
      let note: string | undefined;
      switch (message.type) {
        case 'to': {
          const path = sameOriginPath(message.url, window.location.origin);
          if (path) {
            launch(path, current.current);
            note = `Opened ${path}`;
          } else {
            note = `Would open the external page ${message.url}`;
          }
          break;
        }
        case 'closeWebView':
          setFrame(null);
          setClosed(true);
          note = 'Web view closed';
          break;
        case 'callTel':
          note = `Would call ${message.tel}`;
          break;
      }
      if (note) setShellNote(note);
      const entry: LogEntry = { id: nextId.current++, at: new Date(), message, note };
      setLog((prev) => [entry, ...prev]);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [launch]);

  function open(event: FormEvent) {
    event.preventDefault();
    const typed = customPath.trim();
    if (typed) {
      const path = typed.startsWith('/') ? sameOriginPath(typed, window.location.origin) : null;
      if (!path) {
        setPathError('Enter a path on this site, starting with a single “/”.');
        return;
      }
      setPathError('');
      launch(path, { market, session });
      return;
    }
    setPathError('');
    launch(route, { market, session });
  }

  function command(cmd: ShellCommand) {
    frameRef.current?.contentWindow?.postMessage(
      { source: NATIVE_SHELL_SOURCE, command: cmd },
      window.location.origin,
    );
  }

  function changeMarket(next: Market) {
    setMarket(next);
    // A token belongs to one market's borrower; a different market needs its own sign-in.
    if (session && session.market !== next) {
      setSession(null);
      setShellNote('Market changed: sign in again for this market.');
    }
  }

  return (
    <main className="sim" aria-labelledby={`${ids}-title`}>
      <title>Native shell simulator</title>
      <div className="sim-controls">
        <h1 id={`${ids}-title`}>Native shell simulator</h1>
        <section aria-labelledby={`${ids}-who`} className="sim-card">
          <h2 id={`${ids}-who`}>Borrower</h2>
          <label htmlFor={`${ids}-market`}>Market</label>
          <select
            id={`${ids}-market`}
            value={market}
            onChange={(e) => changeMarket(e.target.value as Market)}
          >
            {(Object.keys(MARKET_NAMES) as Market[]).map((m) => (
              <option key={m} value={m}>
                {MARKET_NAMES[m]}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}-borrower`}>Demo borrower</label>
          <select
            id={`${ids}-borrower`}
            value={borrower}
            onChange={(e) => setBorrower(Number(e.target.value))}
          >
            {DEMO_BORROWER_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? 'Borrower 1 (default)' : `Borrower ${n}`}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="sim-button sim-button-primary"
            onClick={() => signIn.mutate({ market, borrower })}
            disabled={signIn.isPending}
          >
            {signIn.isPending ? 'Signing in…' : 'Demo sign-in'}
          </button>
          <p role="status" data-testid="sim-borrower">
            {session
              ? `Signed in as ${session.name} (${MARKET_NAMES[session.market]}, phone ${session.phone}, borrower ${session.userId})`
              : 'Not signed in'}
          </p>
          {signIn.isError ? (
            <p role="alert" className="sim-error">
              {signIn.error.message}
            </p>
          ) : null}
          <h3>Or sign in with an SMS code</h3>
          <label htmlFor={`${ids}-phone`}>Phone</label>
          <input
            id={`${ids}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <button
            type="button"
            className="sim-button"
            onClick={() => requestCode.mutate()}
            disabled={requestCode.isPending || !phone.trim()}
          >
            {requestCode.isPending ? 'Sending…' : 'Send code'}
          </button>
          {codeNote ? <p role="status">{codeNote}</p> : null}
          <label htmlFor={`${ids}-code`}>Code</label>
          <input
            id={`${ids}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SIM_CODE_LENGTH}
            value={code}
            onChange={(e) => setCode(codeDigits(e.currentTarget.value, SIM_CODE_LENGTH))}
          />
          <button
            type="button"
            className="sim-button sim-button-primary"
            onClick={() => codeSignIn.mutate({ market, phone, code })}
            disabled={codeSignIn.isPending || code.length !== 6}
          >
            {codeSignIn.isPending ? 'Signing in…' : 'Sign in with code'}
          </button>
          {requestCode.isError || codeSignIn.isError ? (
            <p role="alert" className="sim-error">
              {(requestCode.error ?? codeSignIn.error)?.message}
            </p>
          ) : null}
        </section>

        <form aria-labelledby={`${ids}-route`} className="sim-card" onSubmit={open}>
          <h2 id={`${ids}-route`}>Route</h2>
          <label htmlFor={`${ids}-select`}>H5 screen</label>
          <select id={`${ids}-select`} value={route} onChange={(e) => setRoute(e.target.value)}>
            {H5_ROUTES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}-path`}>Or any path (overrides the screen)</label>
          <input
            id={`${ids}-path`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="/complainNewPage?orderNo=1"
            value={customPath}
            aria-invalid={pathError ? true : undefined}
            aria-describedby={pathError ? `${ids}-path-error` : undefined}
            onChange={(e) => setCustomPath(e.target.value)}
          />
          {pathError ? (
            <p id={`${ids}-path-error`} role="alert" className="sim-error">
              {pathError}
            </p>
          ) : null}
          <button type="submit" className="sim-button sim-button-primary">
            Open in web view
          </button>
        </form>
      </div>

      <section aria-labelledby={`${ids}-phone`} className="sim-phone-column">
        <h2 id={`${ids}-phone`} className="visually-hidden">
          Phone
        </h2>
        <div className="sim-shell-bar">
          <button type="button" className="sim-button" onClick={() => command('back')} disabled={!frame}>
            Back
          </button>
          <button
            type="button"
            className="sim-button"
            onClick={() => H5_ROUTES[0] && launch(H5_ROUTES[0], { market, session })}
          >
            Home
          </button>
          <button type="button" className="sim-button" onClick={() => command('reload')} disabled={!frame}>
            Reload
          </button>
        </div>
        <p role="status" className="sim-shell-note" data-testid="sim-shell-note">
          {shellNote}
        </p>
        <div className="sim-phone">
          {frame ? (
            <iframe key={frame.key} ref={frameRef} title="H5 app in the simulated web view" src={frame.url} />
          ) : (
            <div className="sim-phone-empty">
              <p>{closed ? 'Web view closed.' : 'No page open.'}</p>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby={`${ids}-log`} className="sim-log-column">
        <div className="sim-log-head">
          <h2 id={`${ids}-log`}>Bridge messages received</h2>
          <button type="button" className="sim-button" onClick={() => setLog([])} disabled={log.length === 0}>
            Clear
          </button>
        </div>
        <div role="log" aria-live="polite" aria-labelledby={`${ids}-log`} className="sim-log">
          {log.length === 0 ? <p className="sim-muted">No messages yet.</p> : null}
          <ol>
            {log.map((entry) => (
              <li key={entry.id} data-testid="bridge-log-entry">
                <time dateTime={entry.at.toISOString()}>{timeOf(entry.at)}</time>{' '}
                <strong className="sim-log-type">{entry.message.type}</strong>{' '}
                <code className="sim-log-args">{argsOf(entry.message)}</code>
                {entry.note ? <span className="sim-log-note">{entry.note}</span> : null}
              </li>
            ))}
          </ol>
        </div>
      </section>
    </main>
  );
}
