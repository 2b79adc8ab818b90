import path from 'node:path';

const nodeModules = path.resolve(import.meta.dirname, '../../node_modules');

/**
 * The web code is written against React's API and runs on Preact's compatibility layer (decision 044):
 * every build, the dev server, the build-time pre-rendering and the component tests resolve React's
 * modules to Preact's, so what the tests exercise is what a borrower's phone runs.
 */
export const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * The component tests' list: Testing Library's CommonJS build would load React itself through Node's
 * require; its ES build goes through the aliases above.
 */
export const reactOnPreactInTests = [
  ...reactOnPreact,
  {
    find: /^@testing-library\/react$/,
    replacement: path.join(nodeModules, '@testing-library/react/dist/@testing-library/react.esm.js'),
  },
];
