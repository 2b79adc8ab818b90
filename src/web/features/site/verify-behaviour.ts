/**
 * The certificate check's browser behaviour (`/verify`), in plain DOM code like the carousel's: the
 * page's markup and words are rendered at build time (verify-page.tsx) and this only sends the code and
 * fills in the answer. Values are written as text, never as markup: they come from our server, but a
 * page that prints what it is given must not trust it.
 */

/**
 * The rows the check shows for a genuine certificate, in this order (the verify reply's fields). Here,
 * not in the shared contract: the site's small script must share no module with the app (decision 018).
 */
export const VERIFY_FIELDS = [
  'document',
  'orderNo',
  'borrower',
  'amount',
  'repaid',
  'settledOn',
  'lender',
] as const;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Wires one verify form; checks at once when the address carries a code. Returns what a test awaits. */
export function startVerify(
  form: HTMLFormElement,
  result: HTMLElement,
  opts: { fetch?: Fetch; search?: string } = {},
): { ready: Promise<void>; check: (code: string) => Promise<void> } {
  const send = opts.fetch ?? ((input, init) => fetch(input, init));
  const input = form.querySelector<HTMLInputElement>('input[name="code"]')!;
  const status = form.querySelector<HTMLElement>('.form-status')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const api = form.dataset.verify!;
  // The page's language as the build wrote it in the form ("id"), not the document's locale ("id-ID"),
  // which the API does not take: the answer's dates would come back in English (issue 29).
  const lang = form.querySelector<HTMLInputElement>('input[name="lang"]')?.value || 'en';
  const say = (text: string, kind: 'success' | 'error' | '') => {
    status.textContent = text;
    status.className = `form-status${kind ? ` form-status-${kind}` : ''}`;
  };

  async function check(raw: string) {
    const code = raw.trim().toUpperCase();
    result.hidden = true;
    if (!code) {
      say(form.dataset.invalid!, 'error');
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    button.disabled = true;
    say(form.dataset.checking!, '');
    try {
      const res = await send(`${api}?code=${encodeURIComponent(code)}`, {
        headers: { accept: 'application/json', 'x-lang': lang },
      });
      if (res.ok) {
        const data = ((await res.json()) as { data: Record<string, string> }).data;
        for (const field of VERIFY_FIELDS) {
          const cell = result.querySelector<HTMLElement>(`[data-field="${field}"]`);
          if (cell) cell.textContent = data[field] ?? '';
        }
        result.hidden = false;
        say(form.dataset.valid!, 'success');
      } else if (res.status === 404 || res.status === 400) {
        // A malformed code and an unknown one are the same answer to the reader: no such certificate.
        say(form.dataset.invalid!, 'error');
        input.setAttribute('aria-invalid', 'true');
      } else {
        say(form.dataset.failed!, 'error');
      }
    } catch {
      say(form.dataset.failed!, 'error');
    } finally {
      button.disabled = false;
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void check(input.value);
  });
  const fromAddress = new URLSearchParams(opts.search ?? window.location.search).get('code');
  let ready = Promise.resolve();
  if (fromAddress) {
    input.value = fromAddress;
    ready = check(fromAddress);
  }
  return { ready, check };
}

/** The verify form of the page, if it has one (`/verify`); `search` is the address as it was opened. */
export function startVerifyForms(doc: Document, search: string): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-verify]');
  const result = doc.querySelector<HTMLElement>('.verify-result');
  if (form && result) startVerify(form, result, { search });
}
