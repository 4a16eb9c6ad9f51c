import { renumberInputSchema, type RenumberInput, type TeamSeries } from '@inkwell/contract';
import { ListOrdered } from 'lucide-react';
import { useId, useState } from 'react';
import { secondaryButton } from '../../../components/button-styles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { fieldErrors, TextField } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-context';
import { useRenumberChapters } from './api/renumber-chapters';
import '../../../lib/i18n/later-messages';
import '../messages';

type Mode = 'volume' | 'shift';

/** A number field's text as a number ('' is none, words are NaN for the schema to refuse). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What the dialog's fields ask for, as the renumber call takes it. */
function inputOf(values: { from: string; to: string; mode: Mode; volume: string; shiftBy: string }): RenumberInput {
  const range = { from: numberOf(values.from), to: numberOf(values.to) };
  if (values.mode === 'volume') return { ...range, volume: values.volume.trim() === '' ? null : Number(values.volume) };
  return { ...range, shiftBy: numberOf(values.shiftBy) };
}

/**
 * What the call would change, read from the series' chapters: the chapters of the range whose
 * volume or number moves, and the numbers a shift would give that chapters outside the range hold.
 */
function renumberPreview(chapters: TeamSeries['chapters'], input: RenumberInput) {
  const inRange = chapters.filter((chapter) => chapter.number >= input.from && chapter.number <= input.to);
  if (input.volume !== undefined) {
    return { changed: inRange.filter((chapter) => (chapter.volume ?? null) !== input.volume).length, clashes: [] };
  }
  const shift = input.shiftBy ?? 0;
  const outside = new Set(chapters.filter((chapter) => !inRange.includes(chapter)).map((chapter) => chapter.number));
  const clashes = inRange
    .map((chapter) => Math.round((chapter.number + shift) * 100) / 100)
    .filter((number) => outside.has(number));
  return { changed: shift === 0 ? 0 : inRange.length, clashes };
}

/**
 * Renumber a range of the series' chapters at once (issue 37 §2): from, to, and either a volume
 * to put them in (empty: out of any) or an amount to shift their numbers by; the dialog says how
 * many chapters change before the call, and the server's refusal in its fields.
 */
function RenumberDialog({ series, onClose }: { series: TeamSeries; onClose(): void }) {
  const t = useT();
  const toast = useToast();
  const renumber = useRenumberChapters(series.id);
  const modeName = useId();
  const numbers = series.chapters.map((chapter) => chapter.number);
  const [values, setValues] = useState({
    from: numbers.length > 0 ? String(Math.min(...numbers)) : '',
    to: numbers.length > 0 ? String(Math.max(...numbers)) : '',
    mode: 'volume' as Mode,
    volume: '',
    shiftBy: '',
  });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const input = inputOf(values);
  const parsed = renumberInputSchema.safeParse(input);
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues, t)), ...serverErrors };
  // The fields' own errors show once something is typed in them; the preview waits for a valid range.
  const shown = (key: keyof typeof values, error = errors[key]) =>
    values[key] === '' && !(key in serverErrors) ? undefined : error;
  const preview = parsed.success ? renumberPreview(series.chapters, input) : null;
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setServerErrors({});
  };

  return (
    <ConfirmDialog
      title={t('dashboard.volumes.renumber.title')}
      confirmLabel={t('dashboard.volumes.renumber.confirm')}
      isConfirmDisabled={!preview || preview.changed === 0}
      onClose={onClose}
      onConfirm={async () => {
        try {
          const { changed } = await renumber.mutateAsync(input);
          toast({ type: 'success', message: t('dashboard.volumes.renumber.done', { count: changed }), duration: 3000 });
        } catch (error) {
          if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
          throw error;
        }
      }}
      // A refusal said under its field is not said twice.
      renderError={(error) =>
        error instanceof ApiError && error.fields
          ? t('common.lib.form.correctFields')
          : error instanceof Error && error.message
            ? error.message
            : t('dashboard.volumes.renumber.failed')
      }
    >
      <p className="mb-4 text-zinc-400">{t('dashboard.volumes.renumber.hint')}</p>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('dashboard.volumes.renumber.from')}
          inputMode="decimal"
          value={values.from}
          onChange={set('from')}
          error={shown('from')}
        />
        <TextField
          label={t('dashboard.volumes.renumber.to')}
          inputMode="decimal"
          value={values.to}
          onChange={set('to')}
          error={shown('to')}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-medium text-zinc-200">{t('dashboard.volumes.renumber.what')}</legend>
        <div className="flex flex-wrap gap-4 text-sm text-zinc-200">
          {(['volume', 'shift'] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-2">
              <input
                type="radio"
                name={modeName}
                value={mode}
                checked={values.mode === mode}
                onChange={() => {
                  setValues((current) => ({ ...current, mode }));
                  setServerErrors({});
                }}
                className="accent-violet-500"
              />
              {t('dashboard.volumes.renumber.mode', { mode })}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3">
        {values.mode === 'volume' ? (
          <TextField
            label={t('dashboard.volumes.renumber.volume')}
            inputMode="decimal"
            value={values.volume}
            onChange={set('volume')}
            hint={t('dashboard.volumes.renumber.volumeHint')}
            error={shown('volume')}
          />
        ) : (
          <TextField
            label={t('dashboard.volumes.renumber.shiftBy')}
            inputMode="decimal"
            value={values.shiftBy}
            onChange={set('shiftBy')}
            hint={t('dashboard.volumes.renumber.shiftHint')}
            error={shown('shiftBy', errors.shiftBy ?? errors.volume)}
          />
        )}
      </div>
      <p className="mt-4 font-medium text-zinc-100" role="status" data-testid="renumber-preview">
        {preview ? t('dashboard.volumes.renumber.preview', { count: preview.changed }) : ''}
      </p>
      {preview && preview.clashes.length > 0 && (
        <p className="mt-1 text-amber-300">
          {t('dashboard.volumes.renumber.clashes', { numbers: preview.clashes.join(', '), count: preview.clashes.length })}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** The chapter list's Renumber button and its dialog. */
export function RenumberButton({ series }: { series: TeamSeries }) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)} className={secondaryButton}>
        <ListOrdered className="size-4" aria-hidden /> {t('dashboard.volumes.renumber.open')}
      </button>
      {isOpen && <RenumberDialog series={series} onClose={() => setIsOpen(false)} />}
    </>
  );
}
