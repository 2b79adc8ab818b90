import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './support/browser.ts';

/** Journeys run on the production build in Debian's Chromium; say plainly what is missing. */
export default function setup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`,
    );
  }
  if (!existsSync(path.resolve(import.meta.dirname, '../dist/web/h5.html'))) {
    throw new Error('The web app is not built. Run `npm run build` first (npm test does).');
  }
}
