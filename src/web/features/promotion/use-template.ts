import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { TemplateData } from '../../../shared/contract/promotion-schema.ts';
import type { Lang } from '../../../shared/markets.ts';
import { NETWORK_ERROR_CODE } from '../../lib/api-client.ts';
import { fetchTemplate } from './promo-api.ts';

export type TemplateState =
  | { status: 'loading' }
  | { status: 'ready'; template: TemplateData }
  /** No such template, or switched off, or no id at all: the link is not valid. */
  | { status: 'invalid' }
  /** Could not ask (offline, timeout) or the server could not answer now: worth trying again. */
  | { status: 'failed' };

/*
 * One template per page load: the landing, the download page and the agreement all show the same one, and
 * moving between them (hash routes) must not ask again. Only a template that arrived is kept; a failure is
 * forgotten, so "try again" asks anew.
 */
const loaded = new Map<number, TemplateData>();

/** Tests start each case from an empty page. */
export function forgetTemplates(): void {
  loaded.clear();
}

/** A failure a retry can mend: no answer at all, the server busy or broken for now, or a rate limit. */
function retryable(code: string | number): boolean {
  const c = String(code);
  return c === NETWORK_ERROR_CODE || c === '429' || /^5\d\d$/.test(c);
}

/**
 * Loads the channel template. `onLoaded` runs before the state turns ready (the layout switches the page
 * to the template's language there, so its first frame is already in the right language).
 */
export function useTemplate(
  templateId: number | null,
  lang: Lang,
  onLoaded: (template: TemplateData) => Promise<unknown> | undefined,
): { state: TemplateState; retry: () => void } {
  const initial = (): TemplateState => {
    if (templateId === null) return { status: 'invalid' };
    const template = loaded.get(templateId);
    return template ? { status: 'ready', template } : { status: 'loading' };
  };
  const [state, setState] = useState<TemplateState>(initial);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger; `lang` and `onLoaded` only matter for a new load.
  useEffect(() => {
    if (templateId === null) {
      setState({ status: 'invalid' });
      return;
    }
    const known = loaded.get(templateId);
    if (known) {
      setState({ status: 'ready', template: known });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void fetchTemplate(templateId, lang).then(async (result) => {
      if (!live) return;
      if (result.ok && result.data) {
        loaded.set(templateId, result.data);
        await onLoaded(result.data);
        if (live) setState({ status: 'ready', template: result.data });
      } else {
        setState({ status: retryable(result.code) ? 'failed' : 'invalid' });
      }
    });
    return () => {
      live = false;
    };
  }, [templateId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it is online (it may be wrong the other way: online yet unreachable). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
