import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldError, FieldValues, Resolver, UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '../../lib/use-translation.tsx';

/**
 * What every back-office form shares (decision 052): a zod schema checked through react-hook-form's
 * resolver, whose messages are copy keys (so a message shows in the operator's language, also after a
 * switch), one labelled field wired to its message and hint, and the form's own message.
 */

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * A zod issue's message naming copy: `ns:key`, with the values it fills in after `?` (query-string form).
 * Schemas put this in `message`; `copyText` reads it back in the language of the moment.
 */
export function copyKey(key: string, vars?: Record<string, string | number>): string {
  if (!vars) return key;
  const query = new URLSearchParams(Object.entries(vars).map(([k, v]) => [k, String(v)]));
  return `${key}?${query}`;
}

/** The text of a message made by `copyKey`; a message that is not one (a server's words) as it is. */
export function copyText(t: Translate, message: string | undefined): string {
  if (!message) return '';
  if (!/^[a-zA-Z]+:[\w.]+(\?|$)/.test(message)) return message;
  const [key, query = ''] = message.split('?', 2) as [string, string?];
  // The key travels as data (a schema's message), so it is checked at run time, not by `tsc`: a key that
  // is not in the catalogue reads `ns:key` (decision 051's one untyped path, as the server's `messageOf`).
  const untyped = t as unknown as (key: string, options?: object) => string;
  return untyped(key, Object.fromEntries(new URLSearchParams(query)));
}

export const REQUIRED = 'admin:productEditor.invalid.required';

/**
 * zod's own issues, met where a schema gives no message of its own (a rule of the contract the form
 * repeats as it is): an empty required text is "please fill this in", anything else the server's
 * general "not valid", rather than zod's English.
 */
function copyOfIssue(issue: { code?: string; origin?: string; minimum?: unknown; input?: unknown }): string {
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return REQUIRED;
  if (issue.input === '' || issue.input === undefined) return REQUIRED;
  return 'common:errors.validation';
}

/** The resolver of every back-office form: the schema's messages, zod's own issues as copy keys. */
export function formResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, FieldValues>,
): Resolver<Values, unknown, Output> {
  return zodResolver(schema, { error: copyOfIssue }) as unknown as Resolver<Values, unknown, Output>;
}

/** A message a form shows under a field or for the whole form: the schema's copy, or the server's words. */
export function useErrorText(): (error: { message?: string } | undefined) => string {
  const { t } = useTranslation();
  return (error) => copyText(t, error?.message);
}

/** `setError` type of a field whose message is the form's own (a server's refusal that names it). */
export const SERVER = 'server';

interface FieldOwnProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError | { type?: string; message?: string };
  hint?: ReactNode;
  /** The form's message, which describes a field the server named (its own words are there). */
  formErrorId?: string;
  /** More descriptions (a row's echo of an amount). */
  describedBy?: string;
}

/** Ids and state of a field's descriptions: its message, the form's message when the server named it, its hint. */
export function fieldAria(
  id: string,
  error: FieldOwnProps['error'],
  { hint, formErrorId, describedBy }: { hint?: boolean; formErrorId?: string; describedBy?: string } = {},
) {
  const server = error?.type === SERVER;
  const own = error && !server && error.message ? `${id}-error` : null;
  const ids = [own, server ? (formErrorId ?? null) : null, hint ? `${id}-hint` : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ');
  return {
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(ids ? { 'aria-describedby': ids } : {}),
  };
}

/** A field's message (none for a server's refusal: that is the form's message). */
export function FieldMessage({ id, error }: { id: string; error: FieldOwnProps['error'] }) {
  const text = useErrorText()(error?.type === SERVER ? undefined : error);
  return text ? (
    <p id={`${id}-error`} className="admin-field-error">
      {text}
    </p>
  ) : null;
}

/** Under a field: its hint, then its message. Fields drawn by a screen itself use it too. */
export function FieldFoot({ id, hint, error }: Pick<FieldOwnProps, 'id' | 'hint' | 'error'>) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="admin-hint admin-muted">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={id} error={error} />
    </>
  );
}

type Own<Attributes> = FieldOwnProps & Omit<Attributes, keyof FieldOwnProps | 'name'>;
type FieldProps =
  | ({ as?: 'input' } & Own<InputHTMLAttributes<HTMLInputElement>>)
  | ({ as: 'textarea' } & Own<TextareaHTMLAttributes<HTMLTextAreaElement>>)
  | ({ as: 'select' } & Own<SelectHTMLAttributes<HTMLSelectElement>>);

/**
 * The one labelled field of a react-hook-form form (a line, `as="textarea"` for paragraphs, `as="select"`
 * with its options as children), marked and described while it has a problem.
 */
export function Field(props: FieldProps) {
  const { as = 'input', id, label, registration, error, hint, formErrorId, describedBy, ...own } = props;
  const { className = 'admin-field', ...control } = own;
  const wired = {
    id,
    ...control,
    ...registration,
    ...fieldAria(id, error, { hint: Boolean(hint), formErrorId, describedBy }),
  };
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {as === 'textarea' ? (
        <textarea {...(wired as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : as === 'select' ? (
        <select {...(wired as SelectHTMLAttributes<HTMLSelectElement>)} />
      ) : (
        <input {...(wired as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      <FieldFoot id={id} hint={hint} error={error} />
    </div>
  );
}

/** The form's own message (a refusal of the server, "correct the marked fields"): announced, focusable. */
export function FormAlert({ id, text }: { id: string; text: string }) {
  return (
    <div id={id} className="admin-form-error" role="alert" tabIndex={-1}>
      {text}
    </div>
  );
}
