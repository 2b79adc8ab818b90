import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans when test globals are on; ours are imported explicitly.
afterEach(() => cleanup());

// antd-mobile's popups open and close with its own copy of react-spring; under happy-dom a close
// animation sometimes never comes to rest, so a closed popup stayed mounted. Tests check what a popup
// does, not how it moves: animations end at once.
import { Globals } from '../../node_modules/antd-mobile/node_modules/@react-spring/web';

Globals.assign({ skipAnimation: true });
