import { COMMENT_MAX_CHARS } from '@inkwell/contract';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import '../messages';

interface ComposeProps {
  label: string;
  submitLabel: string;
  initialBody?: string;
  initialSpoiler?: boolean;
  /** Posts; the box empties when it resolves and shows the server's message when it rejects. */
  onSubmit(input: { body: string; isSpoiler: boolean }): Promise<unknown>;
  onCancel?(): void;
  autoFocus?: boolean;
}

/** What the server said, in words a reader can act on (rate limits say how long to wait). */
export function errorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) return error.fields?.body ?? error.message;
  return t('comments.error');
}

/** A comment box: 1–5,000 characters with a counter, and a spoiler mark. */
export function CommentCompose({
  label,
  submitLabel,
  initialBody = '',
  initialSpoiler = false,
  onSubmit,
  onCancel,
  autoFocus,
}: ComposeProps) {
  const t = useT();
  const format = useFormat();
  const [body, setBody] = useState(initialBody);
  const [isSpoiler, setIsSpoiler] = useState(initialSpoiler);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const length = body.length;
  const isEmpty = body.trim().length === 0;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      await onSubmit({ body, isSpoiler });
      setBody('');
      setIsSpoiler(false);
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} className="space-y-2">
      <label htmlFor={`${id}-body`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={COMMENT_MAX_CHARS}
        rows={3}
        placeholder={label}
        autoFocus={autoFocus}
        aria-describedby={`${id}-count`}
        aria-invalid={error ? true : undefined}
        className="w-full resize-y rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-accent-500 focus:outline-none"
      />
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input
            type="checkbox"
            checked={isSpoiler}
            onChange={(event) => setIsSpoiler(event.target.checked)}
            className="size-4"
          />
          {t('comments.spoiler')}
        </label>
        <span id={`${id}-count`} className={`text-xs ${length >= COMMENT_MAX_CHARS ? 'text-amber-300' : 'text-zinc-400'}`}>
          {t('comments.counter', { length: format.count(length), max: format.count(COMMENT_MAX_CHARS) })}
        </span>
        <div className="ml-auto flex gap-2">
          {onCancel && (
            <button type="button" onClick={onCancel} className={secondaryButton}>
              {t('comments.cancel')}
            </button>
          )}
          <button type="submit" disabled={isEmpty || isBusy} className={primaryButton}>
            {isBusy ? t('comments.sending') : submitLabel}
          </button>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </form>
  );
}
