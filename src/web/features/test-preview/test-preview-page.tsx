import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import type { DemoLogin } from '../../../shared/contract/session.ts';
import type { Market } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { request } from '../../lib/api-client.ts';
import './test-preview-page.css';

/** The form of spec §2, in its order. Each value travels as a query param of the same name. */
export const PREVIEW_FIELDS = [
  { key: 'appVersion', label: 'App version' },
  { key: 'deviceName', label: 'Device name' },
  { key: 'deviceId', label: 'Device id' },
  { key: 'osVersion', label: 'OS version' },
  { key: 'sessionId', label: 'Session id' },
  { key: 'adId', label: 'Ad id' },
  { key: 'productId', label: 'Product id' },
  { key: 'orderId', label: 'Order id' },
] as const;
export type PreviewFieldKey = (typeof PREVIEW_FIELDS)[number]['key'];
export type PreviewFields = Record<PreviewFieldKey, string>;

/** The pages spec §2 links to, and verification progress (issue 30), by their H5_PATHS key. */
export const PREVIEW_LINKS = [
  { key: 'loanConfirm', label: 'Confirm loan' },
  { key: 'loanDetails', label: 'Loan detail' },
  { key: 'repayment', label: 'Repay' },
  { key: 'extension', label: 'Repay delay' },
  { key: 'bindBank', label: 'Bind bank' },
  { key: 'verification', label: 'Verification progress' },
  { key: 'aboutUs', label: 'About us' },
  { key: 'complaint', label: 'Complaint' },
  { key: 'customerService', label: 'Customer service' },
  { key: 'privacyPolicy', label: 'Privacy policy' },
  { key: 'repaymentInstruction', label: 'Repayment instruction' },
] as const satisfies ReadonlyArray<{ key: keyof typeof H5_PATHS; label: string }>;

/** The spec's session id helper builds a UUID-like string (§9); this works on plain http too. */
export function uuidLike(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function initialFields(): PreviewFields {
  return {
    appVersion: '1.0.0',
    deviceName: 'Pixel 7',
    deviceId: '',
    osVersion: 'Android 14',
    sessionId: uuidLike(),
    adId: uuidLike(),
    productId: '1',
    orderId: '1',
  };
}

export function previewHref(
  path: string,
  fields: PreviewFields,
  market: Market,
  token: string | undefined,
): string {
  const params = new URLSearchParams();
  for (const { key } of PREVIEW_FIELDS) params.set(key, fields[key]);
  params.set('market', market);
  if (token) params.set('token', token);
  return `${path}?${params.toString()}`;
}

async function demoLogin(market: Market): Promise<DemoLogin> {
  const result = await request<DemoLogin>('/dev-api/demo-login', { data: { market }, silent: true });
  if (!result.ok || !result.data) throw new Error(result.message || 'Demo sign-in failed.');
  return result.data;
}

type LocateState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; latitude: number; longitude: number; accuracy: number }
  | { kind: 'failed'; message: string };

function locateText(state: LocateState): string {
  switch (state.kind) {
    case 'idle':
      return 'Location not requested.';
    case 'locating':
      return 'Locating…';
    case 'found':
      return `Latitude ${state.latitude.toFixed(5)}, longitude ${state.longitude.toFixed(5)} (within ${Math.round(state.accuracy)} m)`;
    case 'failed':
      return state.message;
  }
}

function PhotoInput() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    // The preview lives in memory until revoked; a new choice or leaving the page frees it.
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  return (
    <div className="tp-field">
      <label htmlFor={id}>Photo</label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)}
      />
      {file ? (
        <div className="tp-photo">
          <p data-testid="photo-name">Chosen: {file.name}</p>
          {preview ? <img src={preview} alt={`Preview of ${file.name}`} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function LocateButton() {
  const [state, setState] = useState<LocateState>({ kind: 'idle' });

  function locate() {
    if (!('geolocation' in navigator)) {
      setState({ kind: 'failed', message: 'This browser cannot tell its location.' });
      return;
    }
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        setState({
          kind: 'found',
          latitude: pos.coords.latitude,
          longitude: pos.coords.longitude,
          accuracy: pos.coords.accuracy,
        }),
      (err) =>
        setState({
          kind: 'failed',
          message:
            err.code === err.PERMISSION_DENIED
              ? 'Location permission was denied. Allow it in the browser settings to try again.'
              : err.code === err.TIMEOUT
                ? 'Locating took too long. Please try again.'
                : 'The location is unavailable right now.',
        }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return (
    <div className="tp-field">
      <button type="button" className="tp-button" onClick={locate} disabled={state.kind === 'locating'}>
        Locate
      </button>
      <p role="status" data-testid="locate-status">
        {locateText(state)}
      </p>
    </div>
  );
}

/**
 * Developer page of spec §2: fill in a device and session, then open any borrower screen with those
 * values as its launch query, the way the native shell would.
 */
export function TestPreviewPage() {
  const ids = useId();
  const [market, setMarket] = useState<Market>('IN');
  const [fields, setFields] = useState<PreviewFields>(initialFields);
  const [contact, setContact] = useState('');
  const session = useQuery({
    queryKey: ['demo-login', market],
    queryFn: () => demoLogin(market),
    // Each call opens a new server session: one per market for the life of the page is enough.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const signedIn = session.data;
  useEffect(() => {
    if (signedIn) setFields((f) => ({ ...f, deviceId: signedIn.deviceId }));
  }, [signedIn]);

  const set = (key: PreviewFieldKey) => (e: ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  return (
    <main className="shell-page tp">
      <title>Test preview</title>
      <h1>Test preview</h1>
      <p className="shell-note">
        Fill in a device and session, then open a borrower screen with those values, as the app would.
      </p>

      <section className="tp-card" aria-labelledby={`${ids}-session`}>
        <h2 id={`${ids}-session`}>Demo session</h2>
        <div className="tp-field">
          <label htmlFor={`${ids}-market`}>Market</label>
          <select id={`${ids}-market`} value={market} onChange={(e) => setMarket(e.target.value as Market)}>
            <option value="IN">India</option>
            <option value="ID">Indonesia</option>
          </select>
        </div>
        {session.isPending ? <p role="status">Signing in the demo borrower…</p> : null}
        {session.isError ? (
          <div role="alert">
            <p className="tp-error">{session.error.message}</p>
            <button type="button" className="tp-button" onClick={() => void session.refetch()}>
              Try again
            </button>
          </div>
        ) : null}
        {signedIn ? (
          <p role="status" data-testid="tp-session">
            Signed in as {signedIn.name} ({signedIn.market}, borrower {signedIn.userId})
          </p>
        ) : null}
      </section>

      <form className="tp-card" aria-labelledby={`${ids}-device`} onSubmit={(e) => e.preventDefault()}>
        <h2 id={`${ids}-device`}>Device and session</h2>
        {PREVIEW_FIELDS.map(({ key, label }) => (
          <div className="tp-field" key={key}>
            <label htmlFor={`${ids}-${key}`}>{label}</label>
            <input
              id={`${ids}-${key}`}
              name={key}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={fields[key]}
              onChange={set(key)}
            />
          </div>
        ))}
        <PhotoInput />
        <div className="tp-field">
          <label htmlFor={`${ids}-contact`}>Contact phone</label>
          <input
            id={`${ids}-contact`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={contact}
            onChange={(e) => setContact(e.target.value)}
          />
        </div>
        <LocateButton />
      </form>

      <nav className="tp-card" aria-labelledby={`${ids}-links`}>
        <h2 id={`${ids}-links`}>Open a screen</h2>
        <ul className="tp-links">
          {PREVIEW_LINKS.map(({ key, label }) => (
            <li key={key}>
              <a
                data-testid={`preview-link-${key}`}
                href={previewHref(H5_PATHS[key], fields, market, signedIn?.token)}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
