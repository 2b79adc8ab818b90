import { captureSessionParams } from '../../lib/session-params.ts';
import { earlyStarter } from './first-call.ts';
import { FIRST_CALLS } from './first-calls.ts';
import { returnToLoginOnSessionEnd } from './session-end.ts';

/*
 * The H5 shell's first module (decision 039). The page loads it on its own (async, a few KB) as well as
 * through the entry, which imports it first; either way it runs once, before anything else of the shell.
 */
// Before anything else reads the address bar: keeps the identity and removes the token from it.
captureSessionParams();
// An expired or revoked session sends the borrower to the app's sign-in, once, from any screen.
returnToLoginOnSessionEnd();
// The screen's first request leaves now, while the entry is still on its way.
void FIRST_CALLS[window.location.pathname]?.(earlyStarter, new URL(window.location.href));
