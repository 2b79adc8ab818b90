import type { NavigateFunction } from 'react-router';
import { sendBridge } from './bridge.ts';
import { withSessionParams } from './session-params.ts';

/** Where a product's target URL leads (spec §7 apply, product brief §5 recommended-product jump). */
export type TargetKind = 'web' | 'screen' | 'native';

export function targetKind(url: string): TargetKind {
  if (/^https?:\/\//i.test(url)) return 'web';
  // `//host` and `/\host` are other hosts to a browser, not our paths.
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return 'screen';
  return 'native';
}

/**
 * Opens a product's target: a partner's web page (the page goes there, with the borrower's identity but
 * never the credentials), one of our own screens (in-app, so the query cache and the session stay), or
 * anything else — a native page — through the bridge, which knows what the app can open.
 * `assign` is the page navigation, replaceable in tests. False when there is nothing to open.
 */
export function openTarget(
  url: string,
  navigate: NavigateFunction,
  assign: (url: string) => void = (href) => window.location.assign(href),
): boolean {
  const target = url.trim();
  if (!target) return false;
  switch (targetKind(target)) {
    case 'web':
      assign(withSessionParams(target));
      break;
    case 'screen':
      void navigate(withSessionParams(target));
      break;
    default:
      sendBridge({ type: 'to', url: target });
  }
  return true;
}
