import { createRequire } from 'node:module';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans when test globals are on; ours are imported explicitly.
afterEach(() => cleanup());

// The first screen of a file that loads antd-mobile's overlays waits over a second for that code on a
// busy machine. `findBy…` and `waitFor` wait up to 5 s (not 1 s) for what must appear; nothing passes
// sooner or later because of it.
configure({ asyncUtilTimeout: 5000 });

// antd-mobile's popups open and close with react-spring; under happy-dom a close animation sometimes
// never comes to rest, so a closed popup stayed mounted. Tests check what a popup does, not how it moves:
// animations end at once. Node loads antd-mobile's CommonJS build in the tests (its ES build took ~11 s
// to transform on a busy machine), and that build requires react-spring's CommonJS copy: the one asked
// for here. An `import` would reach the package's ES copy, whose switch antd-mobile never reads.
const { Globals } = createRequire(import.meta.url)('@react-spring/web') as typeof import('@react-spring/web');
Globals.assign({ skipAnimation: true });
