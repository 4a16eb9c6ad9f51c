import { useState, type FormEvent } from 'react';
import { FormAlert, TextField } from '../../components/form';
import { useT } from '../../lib/i18n/i18n-context';
import { FormButtons, type TwoFactorFormProps } from './two-factor-form-parts';
import './messages';

/** Turning it off, with the password and a code from the app or a recovery code. */
export function DisableTwoFactorForm({
  errors,
  isBusy,
  onSubmit,
  onCancel,
}: TwoFactorFormProps<[password: string, code: string]>) {
  const t = useT();
  const [form, setForm] = useState({ password: '', code: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!form.password) next.password = t('profile.twoFactor.enterPassword');
    if (!form.code.trim()) next.code = t('profile.twoFactor.enterAnyCode');
    setLocal(next);
    if (Object.keys(next).length === 0) onSubmit(form.password, form.code.trim());
  };
  const shown = { ...errors, ...local };
  return (
    <form
      onSubmit={handleSubmit}
      className="max-w-sm space-y-3 rounded-xl border border-ink-800 p-4"
      noValidate
      aria-label={t('profile.twoFactor.turnOffTitle')}
    >
      <p className="text-sm text-zinc-400">{t('profile.twoFactor.turnOffNote')}</p>
      {shown.form && !shown.password && !shown.code && <FormAlert tone="error">{shown.form}</FormAlert>}
      <TextField
        label={t('profile.twoFactor.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        onChange={(event) => setForm({ ...form, password: event.target.value })}
        error={shown.password}
      />
      <TextField
        label={t('profile.twoFactor.anyCode')}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={form.code}
        onChange={(event) => setForm({ ...form, code: event.target.value })}
        error={shown.code}
      />
      <FormButtons label={t('profile.twoFactor.turnOffTitle')} isBusy={isBusy} onCancel={onCancel} isDanger />
    </form>
  );
}
