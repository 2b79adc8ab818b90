import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isSuccessCode } from '../../../shared/contract/reply-codes.ts';
import { SHARED_PATTERNS } from '../../../shared/domain/phone.ts';
import type { Lang, Market } from '../../../shared/markets.ts';

/** Where the form posts (server: src/server/modules/site/site.routes.ts). */
export const CONTACT_MESSAGE_PATH = '/vdthg/v1/site/contact-message';
/** Same limit as the shared request helper, which the site cannot load (it pulls in every catalog). */
const TIMEOUT_MS = 60_000;

export interface ContactFormStrings {
  name: string;
  telephone: string;
  email: string;
  suggestion: string;
  submit: string;
  sending: string;
  incomplete: string;
  invalidEmail: string;
  success: string;
  /** Shown when the request never got an answer. */
  network: string;
  /** Shown when the answer was not one of ours (a proxy's error page, say). */
  failed: string;
}

export interface ContactFormProps {
  strings: ContactFormStrings;
  market: Market;
  lang: Lang;
  /** Field lengths from the contract, passed in so the island does not bundle the contract's schemas. */
  limits: { name: number; telephone: number; email: number; suggestion: number };
}

type Field = 'name' | 'telephone' | 'email' | 'suggestion';
type Fields = Record<Field, string>;
const EMPTY: Fields = { name: '', telephone: '', email: '', suggestion: '' };
const REQUIRED = ['name', 'telephone', 'suggestion'] as const;

type Status = { kind: 'success' | 'error'; text: string } | null;

interface ContactMessage {
  name: string;
  telephone: string;
  suggestion: string;
  email?: string;
  market: Market;
  lang: Lang;
}

/** The server's answer: sent, or its message (null when the answer was not one of ours). */
type Sent = { ok: true } | { ok: false; message: string | null };

/** Posts the message; throws only when no answer came (offline, timed out). */
async function postMessage(message: ContactMessage): Promise<Sent> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(CONTACT_MESSAGE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-lang': message.lang },
      body: JSON.stringify(message),
      signal: controller.signal,
    });
    const reply = await readReply(response);
    if (reply && isSuccessCode(reply.code)) return { ok: true };
    return {
      ok: false,
      message: typeof reply?.message === 'string' && reply.message !== '' ? reply.message : null,
    };
  } finally {
    clearTimeout(timer);
  }
}

async function readReply(response: Response): Promise<{ code: unknown; message: unknown } | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' && 'code' in body
      ? { code: body.code, message: 'message' in body ? body.message : undefined }
      : null;
  } catch {
    return null;
  }
}

/**
 * The official contact form (spec §2, §5; product brief §5): hydrated island of the About page. It checks
 * the fields before anything is sent, posts the message and shows the outcome inline (the site has no
 * toast). Ids are fixed rather than `useId`, because the server renders the form deep inside a page
 * while the browser hydrates it as a root, and generated ids would differ between the two. The send is a
 * TanStack Query mutation, as every write of the product is (decisions 053, 066); the island is the
 * site's only React, so it holds its own client.
 */
export function ContactForm(props: ContactFormProps) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { mutations: { retry: false, networkMode: 'always' } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <ContactFormFields {...props} />
    </QueryClientProvider>
  );
}

function ContactFormFields({ strings, market, lang, limits }: ContactFormProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [invalid, setInvalid] = useState<ReadonlySet<Field>>(new Set());
  const [status, setStatus] = useState<Status>(null);
  const send = useMutation({ mutationFn: postMessage });
  const sending = send.isPending;
  // The button stays disabled until hydration: without JavaScript the form could not send anything.
  const [ready, setReady] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  useEffect(() => setReady(true), []);

  function update(field: Field, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    if (invalid.has(field)) {
      setInvalid((current) => new Set([...current].filter((f) => f !== field)));
    }
  }

  function reject(bad: Field[], text: string) {
    setInvalid(new Set(bad));
    setStatus({ kind: 'error', text });
    const first = bad[0];
    if (first) inputs.current[first]?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const name = fields.name.trim();
    const telephone = fields.telephone.trim();
    const suggestion = fields.suggestion.trim();
    const email = fields.email.trim();

    const missing = REQUIRED.filter((field) => fields[field].trim() === '');
    if (missing.length > 0) return reject(missing, strings.incomplete);
    if (email !== '' && !SHARED_PATTERNS.email.test(email)) return reject(['email'], strings.invalidEmail);

    setInvalid(new Set());
    setStatus(null);
    send.mutate(
      { name, telephone, suggestion, ...(email ? { email } : {}), market, lang },
      {
        onSuccess: (sent) => {
          if (sent.ok) {
            setFields(EMPTY);
            setStatus({ kind: 'success', text: strings.success });
          } else setStatus({ kind: 'error', text: sent.message ?? strings.failed });
        },
        onError: () => setStatus({ kind: 'error', text: strings.network }),
      },
    );
  }

  function fieldProps(field: Field) {
    return {
      id: `contact-${field}`,
      name: field,
      value: fields[field],
      maxLength: limits[field],
      'aria-invalid': invalid.has(field) ? true : undefined,
      'aria-describedby': invalid.has(field) ? 'contact-status' : undefined,
    };
  }

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="contact-name">{strings.name}</label>
        <input
          {...fieldProps('name')}
          ref={(el) => {
            inputs.current.name = el;
          }}
          type="text"
          autoComplete="name"
          aria-required="true"
          onChange={(e) => update('name', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="contact-telephone">{strings.telephone}</label>
        <input
          {...fieldProps('telephone')}
          ref={(el) => {
            inputs.current.telephone = el;
          }}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          aria-required="true"
          onChange={(e) => update('telephone', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="contact-email">{strings.email}</label>
        <input
          {...fieldProps('email')}
          ref={(el) => {
            inputs.current.email = el;
          }}
          type="email"
          autoComplete="email"
          onChange={(e) => update('email', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="contact-suggestion">{strings.suggestion}</label>
        <textarea
          {...fieldProps('suggestion')}
          ref={(el) => {
            inputs.current.suggestion = el;
          }}
          rows={5}
          aria-required="true"
          onChange={(e) => update('suggestion', e.target.value)}
        />
      </div>
      <button className="button" type="submit" disabled={!ready || sending}>
        {sending ? strings.sending : strings.submit}
      </button>
      <p
        id="contact-status"
        className={`form-status${status ? ` form-status-${status.kind}` : ''}`}
        role="status"
        aria-live="polite"
      >
        {status?.text}
      </p>
    </form>
  );
}
