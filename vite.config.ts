import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const html = (name: string) => path.resolve(import.meta.dirname, 'src/web/html', `${name}.html`);

/**
 * One build, five entries: the four single-page shells (each its own HTML) and the marketing site's
 * island script (its pages are pre-rendered by scripts/build.ts from the manifest written here).
 */
const nodeModules = path.resolve(import.meta.dirname, 'node_modules');

export default defineConfig(({ command }) => ({
  // react-router 7 publishes only its development build through package exports (its issue #14102):
  // a production build points at its production files by hand, which drops ~25 KB gzip and dev warnings.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^react-router$/,
              replacement: path.join(nodeModules, 'react-router/dist/production/index.mjs'),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(nodeModules, 'react-router/dist/production/dom-export.mjs'),
            },
          ],
        }
      : {},
  root: path.resolve(import.meta.dirname, 'src/web/html'),
  publicDir: path.resolve(import.meta.dirname, 'public'),
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    rolldownOptions: {
      input: {
        h5: html('h5'),
        dev: html('dev'),
        promo: html('promo'),
        admin: html('admin'),
        site: path.resolve(import.meta.dirname, 'src/web/app/site/islands.tsx'),
      },
    },
  },
  server: { proxy: { '/vdthg': 'http://localhost:3000', '/dev-api': 'http://localhost:3000' } },
}));
