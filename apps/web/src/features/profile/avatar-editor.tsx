import { AVATAR_MAX_BYTES, avatarSrc, type ProfileData } from '@inkwell/contract';
import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { useToast } from '../../components/toast/toast-context';
import { useT } from '../../lib/i18n/i18n-context';
import { useAvatarChange } from './api/account-profile';
import './messages';

const MEGABYTES = AVATAR_MAX_BYTES / 1024 / 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];

/** A round avatar: the picture, or the name's first letter. */
function AvatarCircle({ src, initial, label }: { src: string | null; initial: string; label: string }) {
  return (
    <span className="relative flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-600 ring-2 ring-ink-700 sm:size-24">
      {src ? (
        <img src={src} alt={label} width={96} height={96} className="size-full object-cover" />
      ) : (
        <span className="text-4xl font-bold uppercase text-white" aria-hidden>
          {initial}
        </span>
      )}
    </span>
  );
}

/**
 * The reader's avatar (issue 36 §1): choose a picture, see it as it will show (a circle from its
 * centre), then use it or cancel; replace it or remove it. A file too big or not an image is
 * refused here at once; the server's refusals (too small, damaged…) show in the same place.
 */
export function AvatarEditor({ profile }: { profile: ProfileData }) {
  const t = useT();
  const toast = useToast();
  const { upload, remove } = useAvatarChange(profile);
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const hintId = useId();
  const isBusy = upload.isPending || remove.isPending;
  const current = profile.avatarUrl ? avatarSrc(profile.avatarUrl, 'large', profile.avatarVersion) : null;

  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );

  const choose = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setError(t('profile.account.avatarNotImage'));
    if (file.size > AVATAR_MAX_BYTES) return setError(t('profile.account.avatarTooLarge', { megabytes: MEGABYTES }));
    setError(null);
    setChosen({ file, preview: URL.createObjectURL(file) });
  };

  const save = async () => {
    if (!chosen) return;
    setError(null);
    try {
      await upload.mutateAsync({ file: chosen.file, onProgress: (fraction) => setProgress(fraction) });
      setChosen(null);
      toast({ type: 'success', message: t('profile.account.avatarSaved'), duration: 3000 });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('profile.account.failed'));
    } finally {
      setProgress(null);
    }
  };

  const removeAvatar = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      toast({ type: 'success', message: t('profile.account.avatarRemoved'), duration: 3000 });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('profile.account.failed'));
    }
  };

  return (
    <div className="flex items-start gap-4" data-testid="avatar-editor">
      <AvatarCircle
        src={chosen?.preview ?? current}
        initial={profile.username.slice(0, 1)}
        label={chosen ? t('profile.account.avatarPreview') : t('profile.account.avatarCurrent')}
      />
      <div className="min-w-0 flex-1 space-y-3">
        <p id={hintId} className="text-sm text-zinc-400">
          {t('profile.account.avatarHint', { megabytes: MEGABYTES })}
        </p>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="avatar-file"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-2">
          {chosen ? (
            <>
              <button type="button" className={primaryButton} disabled={isBusy} onClick={() => void save()}>
                {upload.isPending && (
                  <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden />
                )}
                {t('profile.account.avatarUse')}
              </button>
              <button type="button" className={secondaryButton} disabled={isBusy} onClick={() => setChosen(null)}>
                {t('profile.account.avatarCancel')}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className={secondaryButton}
                disabled={isBusy}
                aria-describedby={hintId}
                onClick={() => inputRef.current?.click()}
              >
                <Camera className="size-4" aria-hidden />
                {current ? t('profile.account.avatarReplace') : t('profile.account.avatarUpload')}
              </button>
              {current && (
                <button type="button" className={secondaryButton} disabled={isBusy} onClick={() => void removeAvatar()}>
                  <Trash2 className="size-4" aria-hidden />
                  {t('profile.account.avatarRemove')}
                </button>
              )}
            </>
          )}
        </div>
        {progress !== null && (
          <p role="status" className="text-xs text-zinc-400">
            {t('profile.account.avatarUploading', { percent: Math.round(progress * 100) })}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-rose-300" data-testid="avatar-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
