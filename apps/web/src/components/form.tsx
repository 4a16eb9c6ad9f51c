import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Translate } from '../lib/i18n/i18n-context';
import { schemaMessage } from '../lib/i18n/validation-messages';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its error message tied to it for screen readers. */
export function TextField({ label, error, hint, id, className = '', ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={`w-full rounded-lg border bg-ink-900 px-3 py-2.5 text-sm text-zinc-100 placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-accent-500 ${
          error ? 'border-rose-500' : 'border-ink-700'
        }`}
        {...input}
      />
      {error ? (
        <p id={messageId} className="mt-1.5 text-sm text-rose-300">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 text-xs text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ isBusy, children }: { isBusy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={isBusy}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-accent-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-accent-500 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {isBusy && <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden />}
      {children}
    </button>
  );
}

export function FormAlert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2.5 text-sm ${
        tone === 'error'
          ? 'border-rose-500/40 bg-rose-500/10 text-rose-200'
          : 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200'
      }`}
    >
      {children}
    </div>
  );
}

/** Field messages from a zod safeParse in the page's language, keyed by the first path segment. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  t: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= schemaMessage(t, issue.message);
  }
  return errors;
}
