import { useId, useState } from 'react';
import { FormAlert } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { ProgressBar } from './fields';
import '../messages';

/** The image types the server accepts (it checks the bytes itself). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

interface Props {
  /** The button's text, e.g. "Replace cover". */
  label: string;
  /** The file field's accessible name. */
  inputLabel: string;
  progressLabel: string;
  /** What to say when the upload fails without a message of its own. */
  fallbackError: string;
  upload(file: File, onProgress: (fraction: number) => void): Promise<void>;
}

/** One image picked and uploaded at once, with its progress bar and the server's refusal if any. */
export function ImageUpload({ label, inputLabel, progressLabel, fallbackError, upload }: Props) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await upload(file, setProgress);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : fallbackError);
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <label
        htmlFor={id}
        className="block cursor-pointer rounded-lg bg-ink-800 px-3 py-2 text-center text-sm font-medium text-zinc-100 hover:bg-ink-700"
      >
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        aria-label={inputLabel}
        onChange={(event) => void start(event.target.files?.[0])}
      />
      {progress !== null && <ProgressBar value={progress} label={progressLabel} />}
      {error && <FormAlert tone="error">{error}</FormAlert>}
    </>
  );
}

/** A cover chosen with a new record's form, uploaded once the record exists. */
export function CoverPicker({ hint, onChange }: { hint: string; onChange(file: File | null): void }) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {t('dashboard.upload.cover')}
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-800 file:px-3 file:py-2 file:text-zinc-100"
      />
      <p className="mt-1.5 text-xs text-zinc-400">{hint}</p>
    </div>
  );
}

/**
 * The cover picked on a new record's page, kept until the record exists. `send` uploads it then;
 * a refused cover is said in a toast and does not undo the record ("series", "announcement").
 */
export function usePendingCover(recordName: 'series' | 'announcement') {
  const t = useT();
  const toast = useToast();
  const [cover, setCover] = useState<File | null>(null);
  const send = async (upload: (file: File) => Promise<unknown>) => {
    if (!cover) return;
    try {
      await upload(cover);
    } catch (error) {
      toast({
        type: 'error',
        message: t('dashboard.upload.coverRefused', {
          record: recordName,
          reason: error instanceof Error ? error.message : t('dashboard.upload.unknownError'),
        }),
        duration: 7000,
      });
    }
  };
  return { setCover, send };
}
