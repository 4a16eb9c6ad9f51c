import { IMPORT_UPLOAD_MAX_BYTES, type Import } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { primaryButton } from '../../../components/button-styles';
import { FormAlert } from '../../../components/form';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { CheckboxField, FieldError, ProgressBar, SelectField } from '../components/fields';
import { useTeamSeriesList } from '../series/api/list-team-series';
import { seriesAccessOf } from '../series-team/series-access';
import { isSeriesMemberOnly } from '../team-roles';
import { useStartImport } from './api/imports';
import '../messages';

type Mode = 'library' | 'file';

const ACCEPT: Record<Mode, string> = { library: '.zip,application/zip', file: '.cbz,.epub,application/epub+zip' };
const EXTENSIONS: Record<Mode, RegExp> = { library: /\.zip$/i, file: /\.(cbz|epub)$/i };

/**
 * The upload: a `.zip` of series folders (editors and admins), or one `.cbz`/`.epub` into a chosen
 * series (a member: one of theirs), with "Publish at once".
 */
export function ImportForm({ onStarted }: { onStarted(started: Import): void }) {
  const t = useT();
  const { user } = useAuth();
  const isMember = isSeriesMemberOnly(user);
  const [chosenMode, setMode] = useState<Mode>('library');
  // A member of a series' team imports one file into one of their series.
  const mode: Mode = isMember ? 'file' : chosenMode;
  const [seriesId, setSeriesId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [publish, setPublish] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The series one file may go into: the server answers a member with theirs only.
  const series = useTeamSeriesList({ page: 1, perPage: 100 });
  const start = useStartImport();
  const mayPublish = mode === 'library' || !seriesId || seriesAccessOf(user, seriesId).canPublish;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (mode === 'file' && !seriesId) found.seriesId = t('dashboard.imports.form.chooseSeriesFirst');
    if (!file) found.file = t('dashboard.imports.form.chooseFile');
    else if (!EXTENSIONS[mode].test(file.name))
      found.file = t(mode === 'library' ? 'dashboard.imports.form.wrongTypeLibrary' : 'dashboard.imports.form.wrongTypeFile');
    else if (file.size > IMPORT_UPLOAD_MAX_BYTES) found.file = t('dashboard.imports.form.tooBig');
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setProgress(0);
    start.mutate(
      { file, seriesId: mode === 'file' ? seriesId : undefined, publish: publish && mayPublish, onProgress: setProgress },
      {
        onSuccess: (started) => {
          setFile(null);
          (event.target as HTMLFormElement).reset();
          onStarted(started);
        },
        // The server says its refusal in the page's language (decision 0040).
        onError: (error) => setErrors({ form: error.message || t('dashboard.imports.form.failed') }),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('dashboard.imports.form.label')}
      className="space-y-4 rounded-xl border border-ink-800 bg-ink-900 p-4"
    >
      {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
      {!isMember && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-zinc-200">{t('dashboard.imports.form.mode')}</legend>
          <div className="flex flex-col gap-2 text-sm text-zinc-200 sm:flex-row sm:gap-6">
            {(
              [
                ['library', t('dashboard.imports.form.modeLibrary')],
                ['file', t('dashboard.imports.form.modeFile')],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => {
                    setMode(value);
                    setErrors({});
                  }}
                  className="accent-violet-500"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {mode === 'file' && (
        <SelectField
          label={t('dashboard.imports.form.series')}
          value={seriesId}
          onChange={(event) => setSeriesId(event.target.value)}
          error={errors.seriesId}
          className="max-w-md"
        >
          <option value="">{t('dashboard.imports.form.chooseSeries')}</option>
          {series.data?.items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </SelectField>
      )}
      <FileField mode={mode} onChange={setFile} error={errors.file} />
      {mayPublish ? (
        <CheckboxField
          label={t('dashboard.imports.form.publish')}
          hint={t('dashboard.imports.form.publishHint')}
          checked={publish}
          onChange={setPublish}
        />
      ) : (
        <p className="text-sm text-zinc-400">{t('dashboard.imports.form.publishNotAllowed')}</p>
      )}
      {progress !== null && <ProgressBar value={progress} label={t('dashboard.imports.form.uploading')} />}
      <button type="submit" disabled={start.isPending} className={primaryButton}>
        {t('dashboard.imports.form.submit')}
      </button>
    </form>
  );
}

/** The file to import, with what it may be; a new choice of mode empties it. */
function FileField({ mode, onChange, error }: { mode: Mode; onChange(file: File | null): void; error: string | undefined }) {
  const t = useT();
  return (
    <div>
      <label htmlFor="import-file" className="mb-1.5 block text-sm font-medium text-zinc-200">
        {t('dashboard.imports.form.file')}
      </label>
      <input
        id="import-file"
        key={mode}
        type="file"
        accept={ACCEPT[mode]}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        aria-describedby="import-file-hint"
        className="block w-full max-w-md text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-2 file:text-sm file:font-medium file:text-zinc-100 hover:file:bg-ink-600"
      />
      <p id="import-file-hint" className="mt-1.5 text-xs text-zinc-400">
        {t(mode === 'library' ? 'dashboard.imports.form.fileHintLibrary' : 'dashboard.imports.form.fileHintFile')}
      </p>
      <FieldError error={error} />
    </div>
  );
}
