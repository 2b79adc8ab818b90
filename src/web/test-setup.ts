import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans when test globals are on; ours are imported explicitly.
afterEach(() => cleanup());
