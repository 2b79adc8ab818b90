import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans when test globals are on; ours are imported explicitly.
afterEach(() => cleanup());

// antd-mobile and the other libraries go through the test transform (their ES builds, so their React
// imports reach Preact, decision 044): the first screen of a file that loads antd-mobile's overlays waits
// over a second for that code on a busy machine. `findBy…` and `waitFor` wait up to 5 s (not 1 s) for what
// must appear; nothing passes sooner or later because of it.
configure({ asyncUtilTimeout: 5000 });

// antd-mobile's popups open and close with its own copy of react-spring; under happy-dom a close
// animation sometimes never comes to rest, so a closed popup stayed mounted. Tests check what a popup
// does, not how it moves: animations end at once.
import { Globals } from '../../node_modules/antd-mobile/node_modules/@react-spring/web';

Globals.assign({ skipAnimation: true });

// Preact runs effects after the next frame; a borrower never acts inside that frame, but a test's next
// line does. Effects run once the render's task is done instead, so a listener an effect adds is there
// before the test fires its event (as React's act flushed them).
import { options } from 'preact';

options.requestAnimationFrame = (flush) => queueMicrotask(flush);
