import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode, type RefObject } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { FormAlert } from '../../../components/form';
import { useT } from '../../../lib/i18n/i18n-context';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { LeaveGuard, useLeaveGuard } from './leave-guard';
import '../messages';

const isSame = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V];

/** A text field's or a select's props bound to one value of a form (see `useEditForm`'s `field`). */
export interface BoundField {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
  error: string | undefined;
}

/**
 * A form's values, what was last saved, its errors and its busy state. `save` runs the contract's
 * errors or the send (as useFormSubmit does); once the send succeeds the sent values count as
 * saved, and `reset` starts again from values the server answered. Setting a field drops its
 * error; `errorKeys` names the errors a field answers for when they go by another name (a
 * "publishAt" field answers for the API's "publishedAt").
 */
export function useEditForm<V extends object>(
  initial: () => V,
  { errorKeys = {} }: { errorKeys?: { [K in keyof V]?: string[] } } = {},
) {
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(values);
  const { errors, formError, isBusy, submit, clearError, formRef } = useFormSubmit();
  const wasReset = useRef(false);

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(String(key), ...(errorKeys[key] ?? []));
  };
  /** A text field or select bound to `key`, showing the error `errorKey` (the API may name it otherwise: "priceCents"). */
  const field = <K extends KeysOf<V, string>>(key: K, errorKey: string = String(key)): BoundField => ({
    value: values[key] as string,
    onChange: (event) => set(key, event.target.value as V[K]),
    error: errors[errorKey],
  });
  /** A checkbox bound to `key`. */
  const check = <K extends KeysOf<V, boolean>>(key: K) => ({
    checked: values[key] as boolean,
    onChange: (checked: boolean) => set(key, checked as V[K]),
  });
  const reset = (next: V) => {
    wasReset.current = true;
    setValues(next);
    setSaved(next);
  };
  const save = async (localErrors: Record<string, string>, send: () => Promise<void>) => {
    const sent = values;
    wasReset.current = false;
    let isSent = false;
    await submit(localErrors, async () => {
      await send();
      isSent = true;
    });
    if (isSent && !wasReset.current) setSaved(sent);
  };

  return {
    values,
    set,
    field,
    check,
    setValues,
    reset,
    save,
    errors,
    formError,
    isBusy,
    formRef,
    isDirty: !isSame(values, saved),
  };
}

/** What a form's parts are given: its values, the setter, the bound fields and the errors (from `useEditForm`). */
export type FormFields<V extends object> = Pick<
  ReturnType<typeof useEditForm<V>>,
  'values' | 'set' | 'field' | 'check' | 'errors'
>;

/** What the frame shows of a form's state. */
export interface EditFormState {
  isDirty: boolean;
  isBusy: boolean;
  formError?: string | null | undefined;
  /** The form element, so a refusal can bring its first field in error into view. */
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The row of a form's buttons, with a word when there is something to save. */
function SaveBar({
  form,
  submitLabel,
  busyLabel,
  onCancel,
  cancelLabel,
}: {
  form: EditFormState;
  submitLabel: string;
  busyLabel?: string;
  onCancel?(): void;
  cancelLabel?: string;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="submit" disabled={form.isBusy} className={primaryButton}>
        {form.isBusy && (
          <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden />
        )}
        {form.isBusy && busyLabel ? busyLabel : submitLabel}
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {cancelLabel ?? t('dashboard.fields.cancel')}
        </button>
      )}
      <span className="text-xs text-amber-300" aria-live="polite">
        {form.isDirty && !form.isBusy ? t('dashboard.form.unsaved') : ''}
      </span>
    </div>
  );
}

interface EditFormProps {
  /** The form's accessible name ("Edit Monthly pass", "New banner"). */
  label: string;
  form: EditFormState;
  onSubmit(): void;
  submitLabel: string;
  busyLabel?: string;
  onCancel?(): void;
  cancelLabel?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The frame of a dashboard form: its message when the server refuses, its fields, its save bar,
 * and a question before the page is left with changes not saved (not while it is saving: a
 * form that moves on once saved must not be stopped by itself).
 */
export function EditForm(props: EditFormProps) {
  return (
    <LeaveGuard>
      <GuardedForm {...props} />
    </LeaveGuard>
  );
}

function GuardedForm({
  label,
  form,
  onSubmit,
  submitLabel,
  busyLabel,
  onCancel,
  cancelLabel,
  className = 'space-y-4',
  children,
}: EditFormProps) {
  useLeaveGuard(() => form.isDirty && !form.isBusy);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-label={label} className={className}>
      {form.formError && <FormAlert tone="error">{form.formError}</FormAlert>}
      {children}
      <SaveBar form={form} submitLabel={submitLabel} busyLabel={busyLabel} onCancel={onCancel} cancelLabel={cancelLabel} />
    </form>
  );
}

/**
 * A form opened above a list (a new item, or the one being edited), under its own heading. It is
 * brought into view when it opens or changes item, since the row that asked may be far down.
 */
export function FormPanel({ title, scrollKey, children }: { title: string; scrollKey?: string; children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (scrollKey) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [scrollKey]);
  return (
    <section ref={ref} aria-labelledby={id} className="scroll-mt-20 rounded-xl border border-ink-800 bg-ink-900 p-4">
      <h2 id={id} className="mb-4 font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
