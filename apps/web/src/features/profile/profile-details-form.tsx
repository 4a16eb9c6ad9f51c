import { BIO_MAX_LENGTH, profileUpdateSchema, USERNAME_HOLD_DAYS, type ProfileData, type ProfileUpdate } from '@inkwell/contract';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton } from '../../components/button-styles';
import { fieldErrors, FormAlert, TextField } from '../../components/form';
import { useToast } from '../../components/toast/toast-context';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n-context';
import { useUpdateProfile } from './api/account-profile';
import './messages';

/**
 * The reader's username and bio (issue 36 §1), checked as the server checks them (the contract's
 * schema) and saved together; each field shows its own error, the server's included.
 */
export function ProfileDetailsForm({ profile }: { profile: ProfileData }) {
  const t = useT();
  const toast = useToast();
  const update = useUpdateProfile();
  const [username, setUsername] = useState(profile.username);
  const [bio, setBio] = useState(profile.bio ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bioId = useId();
  const changes: ProfileUpdate = {
    ...(username.trim() !== profile.username && { username }),
    ...(bio.trim() !== (profile.bio ?? '') && { bio }),
  };
  const isChanged = Object.keys(changes).length > 0;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse(changes);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues, t));
    setErrors({});
    try {
      const saved = await update.mutateAsync(parsed.data);
      if (saved) {
        setUsername(saved.username);
        setBio(saved.bio ?? '');
      }
      toast({ type: 'success', message: t('profile.account.saved'), duration: 3000 });
    } catch (error) {
      setErrors(
        error instanceof ApiError ? { ...(error.fields ?? {}), form: error.message } : { form: t('profile.account.failed') },
      );
    }
  };
  const clear = (field: string) => setErrors(({ [field]: _, form: __, ...rest }) => rest);

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="space-y-4" data-testid="profile-details">
      {errors.form && !errors.username && !errors.bio && <FormAlert tone="error">{errors.form}</FormAlert>}
      <TextField
        label={t('profile.account.username')}
        name="username"
        autoComplete="username"
        value={username}
        maxLength={24}
        onChange={(event) => {
          setUsername(event.target.value);
          clear('username');
        }}
        error={errors.username}
        hint={t('profile.account.usernameHint', { days: USERNAME_HOLD_DAYS })}
      />
      <div>
        <label htmlFor={bioId} className="mb-1.5 block text-sm font-medium text-zinc-200">
          {t('profile.account.bio')}
        </label>
        <textarea
          id={bioId}
          name="bio"
          rows={3}
          value={bio}
          onChange={(event) => {
            setBio(event.target.value);
            clear('bio');
          }}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={`${bioId}-message`}
          className={`w-full resize-y rounded-lg border bg-ink-900 px-3 py-2.5 text-sm text-zinc-100 placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-accent-500 ${
            errors.bio ? 'border-rose-500' : 'border-ink-700'
          }`}
        />
        <div id={`${bioId}-message`} className="mt-1.5 flex items-start justify-between gap-3 text-xs">
          {errors.bio ? (
            <p className="text-sm text-rose-300">{errors.bio}</p>
          ) : (
            <p className="text-zinc-400">{t('profile.account.bioHint')}</p>
          )}
          <span className={`shrink-0 tabular-nums ${bio.trim().length > BIO_MAX_LENGTH ? 'text-rose-300' : 'text-zinc-400'}`}>
            {t('profile.account.bioCount', { count: bio.trim().length, max: BIO_MAX_LENGTH })}
          </span>
        </div>
      </div>
      <button type="submit" disabled={!isChanged || update.isPending} className={primaryButton}>
        {update.isPending && (
          <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden />
        )}
        {t('profile.account.save')}
      </button>
    </form>
  );
}
