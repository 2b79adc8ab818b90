// The database thread's entry (pglite-thread.ts). Loader hooks are per thread: the thread registers
// the TypeScript loader the server runs under, then loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
