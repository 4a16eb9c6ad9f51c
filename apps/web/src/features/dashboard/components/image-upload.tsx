import { useId, useState } from 'react';
import { FormAlert } from '../../../components/form';
import { ProgressBar } from './fields';

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
