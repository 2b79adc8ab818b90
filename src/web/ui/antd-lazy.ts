import type { ComponentType } from 'react';
import type { Lang } from '../../shared/markets.ts';

/**
 * antd-mobile (with react-spring) is about a fifth of an app page's JavaScript. The shells' entries
 * stay free of it; a screen's lazy route loads it together with the screen, and sets it up once
 * (render shim, locale, toast) before the screen first renders.
 */
let ready: Promise<void> | null = null;

export function ensureAntd(lang: Lang): Promise<void> {
  ready ??= import('./antd-setup.ts').then((m) => m.setupAntdMobile(lang));
  return ready;
}

/** A react-router `lazy` for a screen that uses antd-mobile: its chunk and antd load in parallel. */
export function antdScreen<M>(lang: () => Lang, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), ensureAntd(lang())]);
    return { Component: pick(module) };
  };
}
