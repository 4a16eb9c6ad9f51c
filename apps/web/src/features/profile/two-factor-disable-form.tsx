// i18n: not yet in the catalogues (issue 35)
import { useState, type FormEvent } from 'react';
import { FormAlert, TextField } from '../../components/form';
import { FormButtons, type TwoFactorFormProps } from './two-factor-form-parts';

/** Turning it off, with the password and a code from the app or a recovery code. */
export function DisableTwoFactorForm({
  errors,
  isBusy,
  onSubmit,
  onCancel,
}: TwoFactorFormProps<[password: string, code: string]>) {
  const [form, setForm] = useState({ password: '', code: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!form.password) next.password = 'Enter your password.';
    if (!form.code.trim()) next.code = 'Enter a code from your authenticator app or a recovery code.';
    setLocal(next);
    if (Object.keys(next).length === 0) onSubmit(form.password, form.code.trim());
  };
  const shown = { ...errors, ...local };
  return (
    <form
      onSubmit={handleSubmit}
      className="max-w-sm space-y-3 rounded-xl border border-ink-800 p-4"
      noValidate
      aria-label="Turn off two-factor sign-in"
    >
      <p className="text-sm text-zinc-400">Without it, your password alone signs in to your account.</p>
      {shown.form && !shown.password && !shown.code && <FormAlert tone="error">{shown.form}</FormAlert>}
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        onChange={(event) => setForm({ ...form, password: event.target.value })}
        error={shown.password}
      />
      <TextField
        label="Code from your app or a recovery code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={form.code}
        onChange={(event) => setForm({ ...form, code: event.target.value })}
        error={shown.code}
      />
      <FormButtons label="Turn off two-factor sign-in" isBusy={isBusy} onCancel={onCancel} isDanger />
    </form>
  );
}
