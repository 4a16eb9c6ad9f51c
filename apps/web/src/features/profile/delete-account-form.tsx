import { ACCOUNT_DELETE_CONFIRMATION } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { secondaryButton } from '../../components/button-styles';
import { FormAlert, TextField } from '../../components/form';
import { useToast } from '../../components/toast/toast-context';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/i18n-context';
import { deleteAccount } from './api/account-data';
import './messages';

/** How long the goodbye stays on screen after the account is gone. */
const GOODBYE_MS = 12_000;

/**
 * The deletion itself (issue 36 §3): the consequences said plainly, the password, the two-factor
 * code when it is on, and DELETE typed out. On success the reader is signed out here too and
 * taken home, where the goodbye is shown.
 */
export function DeleteAccountForm({ hasTwoFactor, onCancel }: { hasTwoFactor: boolean; onCancel(): void }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const [form, setForm] = useState({ password: '', code: '', confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const isConfirmed = form.confirmation.trim() === ACCOUNT_DELETE_CONFIRMATION;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!form.password) local.password = t('profile.data.enterPassword');
    if (hasTwoFactor && !form.code.trim()) local.code = t('profile.data.enterCode');
    if (!isConfirmed) local.confirmation = t('profile.data.typeDelete', { word: ACCOUNT_DELETE_CONFIRMATION });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setIsBusy(true);
    try {
      await deleteAccount(form.password, hasTwoFactor ? form.code.trim() : undefined);
    } catch (error) {
      setErrors(
        error instanceof ApiError ? { ...(error.fields ?? {}), form: error.message } : { form: t('profile.data.networkError') },
      );
      setIsBusy(false);
      return;
    }
    toast({ id: 'account-deleted', message: t('profile.data.goodbye'), type: 'success', duration: GOODBYE_MS });
    // Home first: signed out on the account page, its guard would show "sign in" instead of the goodbye.
    await navigate('/', { replace: true });
    await logout();
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      className="max-w-md space-y-3 rounded-xl border border-rose-500/40 p-4"
      noValidate
      aria-label={t('profile.data.deleteTitle')}
      data-testid="delete-account-form"
    >
      <p className="text-sm font-semibold text-rose-200">{t('profile.data.consequencesTitle')}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-300">
        <li>{t('profile.data.consequenceErased')}</li>
        <li>{t('profile.data.consequenceComments')}</li>
        <li>{t('profile.data.consequenceCoins')}</li>
        <li>{t('profile.data.consequencePlan')}</li>
        <li>{t('profile.data.consequenceSignedOut')}</li>
        <li>{t('profile.data.consequenceFinal')}</li>
      </ul>
      {errors.form && !errors.password && !errors.code && <FormAlert tone="error">{errors.form}</FormAlert>}
      <TextField
        label={t('profile.data.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        onChange={(event) => setForm({ ...form, password: event.target.value })}
        error={errors.password}
      />
      {hasTwoFactor && (
        <TextField
          label={t('profile.data.code')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          value={form.code}
          onChange={(event) => setForm({ ...form, code: event.target.value })}
          error={errors.code}
        />
      )}
      <TextField
        label={t('profile.data.confirmLabel', { word: ACCOUNT_DELETE_CONFIRMATION })}
        name="confirmation"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={form.confirmation}
        onChange={(event) => setForm({ ...form, confirmation: event.target.value })}
        error={errors.confirmation}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-500 disabled:cursor-not-allowed disabled:opacity-60"
          disabled={isBusy || !isConfirmed}
        >
          {isBusy ? t('profile.data.deleting') : t('profile.data.deleteForever')}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {t('profile.data.cancel')}
        </button>
      </div>
    </form>
  );
}
