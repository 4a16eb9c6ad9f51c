import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';
import { useT } from './i18n/i18n-context';
import './i18n/later-messages';

/** What marks a field in error: its control (aria-invalid), or a message standing for a group of controls. */
const IN_ERROR = '[aria-invalid="true"], [data-field-error]';

/**
 * Brings the first field in error into view and gives it focus (issue 33 §5): the message at the
 * top of a long form is out of sight when its submit button is at the bottom. A message that
 * stands for a group (genres, a radio group) focuses the group's first control.
 */
function focusFirstError(form: HTMLElement | null) {
  const root: ParentNode = form ?? document;
  const marked = root.querySelector<HTMLElement>(IN_ERROR);
  const target = marked ?? root.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  target.scrollIntoView?.({ block: 'center' });
  const control =
    marked?.matches('input, select, textarea, button, [tabindex]') === true
      ? marked
      : (marked?.parentElement?.querySelector<HTMLElement>('input, select, textarea, button, [contenteditable="true"]') ?? null);
  control?.focus({ preventScroll: true });
}

/**
 * A dashboard form's errors and busy state. `submit` shows the local (contract) errors, or sends
 * and shows the server's per-field answer and message when it refuses; either way the first
 * field in error is brought into view and focused. `clearError` drops a field's message as soon
 * as the field is changed, and the form's message with the last of them.
 */
export function useFormSubmit() {
  const t = useT();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals > 0) focusFirstError(formRef.current);
  }, [refusals]);

  const clearError = useCallback((...keys: string[]) => {
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      if (Object.keys(next).length === 0) setFormError(null);
      return next;
    });
  }, []);

  async function submit(localErrors: Record<string, string>, send: () => Promise<void>) {
    if (Object.keys(localErrors).length > 0) {
      setErrors(localErrors);
      setFormError(t('common.lib.form.correctFields'));
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    setFormError(null);
    setIsBusy(true);
    try {
      await send();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFormError(error instanceof Error ? error.message : t('common.lib.form.saveFailed'));
      setRefusals((count) => count + 1);
    } finally {
      setIsBusy(false);
    }
  }

  return { errors, formError, isBusy, submit, clearError, formRef };
}
