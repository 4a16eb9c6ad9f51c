import { CURRENCIES } from '@inkwell/contract';
import {
  useId,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { TextField } from '../../../components/form';
import { useT, useTranslator, type Translate } from '../../../lib/i18n/i18n-context';
import { pricePlaceholder } from '../finances/price-input';
import '../messages';
import type { BoundField } from './edit-form';

const control = (error?: string) =>
  `w-full rounded-lg border bg-ink-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-accent-500 ${
    error ? 'border-rose-500' : 'border-ink-700'
  }`;

function Message({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={id} className="mt-1.5 text-sm text-rose-300">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="mt-1.5 text-xs text-zinc-400">
      {hint}
    </p>
  ) : null;
}

export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-m`}
        className={control(error)}
        {...props}
      />
      <Message id={`${id}-m`} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  className = '',
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={`${id}-m`} className={control(error)} {...props}>
        {children}
      </select>
      <Message id={`${id}-m`} error={error} />
    </div>
  );
}

/** A checkbox with its label (and a hint under it); `className` places it in its row or grid. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  className = '',
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-violet-500"
      />
      <label htmlFor={id} className="text-sm text-zinc-200">
        {label}
        {hint && <span className="block text-xs text-zinc-400">{hint}</span>}
      </label>
    </div>
  );
}

/** The error of a field that is not one input (a choice of genres, a rich text): shown under it, found by a refused save. */
export function FieldError({ error }: { error?: string | undefined }) {
  return error ? (
    <p data-field-error className="mt-1.5 text-sm text-rose-300">
      {error}
    </p>
  ) : null;
}

type TextFieldProps = ComponentProps<typeof TextField>;

/**
 * A moment typed in the editor's own time zone, its label naming that zone (issue 33 §6). The
 * value is datetime-local text: `toLocalInput` and `fromLocalInput` turn it to and from ISO.
 */
export function DateTimeField({ label, ...props }: Omit<TextFieldProps, 'type'>) {
  const t = useT();
  return <TextField label={withTimeZone(t, label)} type="datetime-local" {...props} />;
}

/** The address part of a record's page, made from its title when left empty. */
export function SlugField(props: Omit<TextFieldProps, 'label' | 'hint'>) {
  const t = useT();
  return <TextField label={t('dashboard.fields.slug')} hint={t('dashboard.fields.slugHint')} {...props} />;
}

/**
 * A price typed as a decimal in its currency's digits ("4.99" USD, "500" JPY, "1.234" KWD; sent in
 * the minor unit: see finances/price-input) and its currency, as two cells of the form's grid.
 */
export function PriceFields({ price, currency, hint }: { price: BoundField; currency: BoundField; hint?: ReactNode }) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('dashboard.fields.price')}
        inputMode="decimal"
        placeholder={pricePlaceholder(currency.value)}
        hint={hint}
        {...price}
      />
      <SelectField label={t('dashboard.fields.currency')} {...currency}>
        <CurrencyOptions />
      </SelectField>
    </>
  );
}

/** Every currency Stripe takes, as "JPY · Japanese Yen" in the viewer's language (issue 38 §3). */
export function CurrencyOptions() {
  const { t, locale } = useTranslator();
  const names = useMemo(() => {
    const display = new Intl.DisplayNames([locale === 'en-XA' ? 'en' : locale], { type: 'currency' });
    return CURRENCIES.map((code) => ({ code, name: display.of(code.toUpperCase()) ?? code.toUpperCase() }));
  }, [locale]);
  return names.map(({ code, name }) => (
    <option key={code} value={code}>
      {t('dashboard.currencies.option', { code: code.toUpperCase(), name })}
    </option>
  ));
}

/** A thin bar for uploads: role=progressbar with its value, for people and for tests. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-zinc-400">
        <span>{label}</span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-ink-800"
      >
        <div className="h-full rounded-full bg-accent-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** A destructive action that asks once more, inline, before it happens. */
export function ConfirmButton({
  label,
  confirmLabel,
  onConfirm,
  isBusy = false,
}: {
  label: string;
  confirmLabel?: string;
  onConfirm(): void;
  isBusy?: boolean;
}) {
  const t = useT();
  const [isAsking, setIsAsking] = useState(false);
  if (!isAsking) {
    return (
      <button
        type="button"
        onClick={() => setIsAsking(true)}
        className="rounded-lg px-3 py-1.5 text-sm font-medium text-rose-300 hover:bg-rose-500/10"
      >
        {label}
      </button>
    );
  }
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        disabled={isBusy}
        onClick={onConfirm}
        className="rounded-lg bg-rose-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-60"
      >
        {confirmLabel ?? t('dashboard.fields.confirmDelete')}
      </button>
      <button
        type="button"
        onClick={() => setIsAsking(false)}
        className="rounded-lg px-3 py-1.5 text-sm text-zinc-300 hover:bg-ink-800"
      >
        {t('dashboard.fields.cancel')}
      </button>
    </span>
  );
}

/** A datetime-local value for an ISO moment, in the editor's own time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
/** The ISO moment for a datetime-local value (read in the editor's time zone), or null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The editor's time zone as a date-time field names it (issue 33 §6): "your time, UTC−3". The
 * offset is the one of `at` (summer time moves it), written with a true minus sign.
 */
function timeZoneOffset(at: Date = new Date()): string {
  const offset = -at.getTimezoneOffset();
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const sign = offset < 0 ? '\u2212' : '+';
  return offset === 0 ? '' : `${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** A date-time field's label with the time zone its value is read in: "Publish at (your time, UTC−3)". */
const withTimeZone = (t: Translate, label: string, at?: Date) =>
  t('dashboard.fields.withTimeZone', { label, offset: timeZoneOffset(at) });
