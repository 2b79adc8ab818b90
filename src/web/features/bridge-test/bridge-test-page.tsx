import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import type { meData } from '../../../shared/contract/session.ts';
import type { Market } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { request } from '../../lib/api-client.ts';
import { type BridgeMessage, type BridgeTransport, sendBridge } from '../../lib/bridge.ts';
import { sessionMarket } from '../../lib/session-params.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import './bridge-test-page.css';

type Me = z.infer<typeof meData>;

/** Customer-service numbers of the seeded demo company, so `callTel` dials something plausible. */
const SAMPLE_TEL: Record<Market, string> = { IN: '+91 80 4718 2200', ID: '+62 21 5098 7700' };

/** One sample of each of the eleven messages, in the spec's order (§1). */
export function sampleMessages(market: Market): BridgeMessage[] {
  return [
    { type: 'to', url: H5_PATHS.privacyPolicy },
    { type: 'closeWebView' },
    { type: 'toPageWithArg', page: 'productDetail', arg: { productId: '1' } },
    { type: 'goHome' },
    { type: 'goMine' },
    { type: 'returnToLogin' },
    { type: 'callTel', tel: SAMPLE_TEL[market] },
    { type: 'goRate' },
    { type: 'burialPoint', event: 'bridge_test_click', data: { page: H5_PATHS.bridgeTest } },
    { type: 'startBank' },
    { type: 'endBank' },
  ];
}

export const ME_QUERY_KEY = ['session', 'me'] as const;

async function fetchMe(): Promise<Me> {
  // Silent: the page shows the failure in place, with a retry, rather than as a passing toast too.
  const result = await request<Me>('/vdthg/v1/session/me', { method: 'GET', silent: true });
  if (!result.ok || !result.data) throw new Error(result.message);
  return result.data;
}

function SignedInBorrower() {
  const { t } = useTranslation(['shell', 'common']);
  const me = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, retry: false });
  let body: ReactNode;
  if (me.isPending) {
    body = (
      <div role="status" className="bridge-test-loading">
        <DotLoading /> {t('bridgeTest.session.loading')}
      </div>
    );
  } else if (me.isError) {
    body = (
      <div role="alert">
        <p>{t('bridgeTest.session.error')}</p>
        {me.error.message ? <p className="shell-note">{me.error.message}</p> : null}
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => void me.refetch()}
          loading={me.isFetching}
        >
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else {
    body = <p data-testid="signed-in">{t('bridgeTest.session.signedIn', me.data)}</p>;
  }
  return (
    <section className="bridge-test-card" aria-labelledby="bridge-test-session">
      <h2 id="bridge-test-session">{t('bridgeTest.session.title')}</h2>
      {body}
    </section>
  );
}

/** A developer screen inside the H5 app: presses every bridge message and shows who is signed in. */
export function BridgeTestPage() {
  const { t } = useTranslation(['shell', 'common']);
  const [transport, setTransport] = useState<BridgeTransport | null>(null);
  const messages = sampleMessages(sessionMarket());

  return (
    <main className="shell-page bridge-test">
      <title>{t('bridgeTest.title')}</title>
      <h1>{t('bridgeTest.title')}</h1>
      <p className="shell-note">{t('bridgeTest.intro')}</p>
      <SignedInBorrower />
      <section className="bridge-test-card" aria-labelledby="bridge-test-messages">
        <h2 id="bridge-test-messages">{t('bridgeTest.messages')}</h2>
        <p role="status" data-testid="last-transport">
          {t('bridgeTest.lastTransport')}{' '}
          <strong>{transport ? t(`bridgeTest.transports.${transport}`) : t('bridgeTest.noneYet')}</strong>
        </p>
        <ul className="bridge-test-buttons">
          {messages.map((msg) => (
            <li key={msg.type}>
              <Button block color="primary" fill="outline" onClick={() => setTransport(sendBridge(msg))}>
                <span className="bridge-test-label">{t(`bridgeTest.buttons.${msg.type}`)}</span>
                <code className="bridge-test-type">{msg.type}</code>
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
