import { setSessionEndAction } from '../../lib/api-client.ts';
import { type BridgeMessage, sendBridge } from '../../lib/bridge.ts';

/**
 * The borrower's session belongs to the native app: when the server refuses it, the app's own sign-in
 * screen is the only way on. The request helper runs this once, on the first refusal
 * (docs/decisions/026-session-end-and-address-bar.md).
 */
export function returnToLoginOnSessionEnd(send: (message: BridgeMessage) => unknown = sendBridge): void {
  setSessionEndAction(() => {
    send({ type: 'returnToLogin' });
  });
}
