import { captureSessionParams } from '../../lib/session-params.ts';
import { earlyStarter } from './first-call.ts';
import { FIRST_CALLS } from './first-calls.ts';
import { returnToLoginOnSessionEnd } from './session-end.ts';

/*
 * The H5 shell's first module (decision 039). The page loads it on its own (async, a few KB) as well as
 * through the entry, which imports it first; either way it runs once, before anything else of the shell.
 *
 * It is built into one file with what it imports, so the page's first request waits for one script, not
 * two. The back office and the developer shell load that file too, for the request helper: the H5 page
 * says it is one (`data-shell="h5"` on its root element), and only there does this run. Elsewhere it
 * would take the back office's address bar for a borrower's and send a signed-out operator to the app's
 * sign-in.
 */
if (document.documentElement.dataset.shell === 'h5') {
  // Before anything else reads the address bar: keeps the identity and removes the token from it.
  captureSessionParams();
  // An expired or revoked session sends the borrower to the app's sign-in, once, from any screen.
  returnToLoginOnSessionEnd();
  // The screen's first request leaves now, while the entry is still on its way.
  void FIRST_CALLS[window.location.pathname]?.(earlyStarter, new URL(window.location.href));
}
