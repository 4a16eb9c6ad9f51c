import { changePasswordRequestSchema } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { fieldErrors, FormAlert, SubmitButton, TextField } from '../../../components/form';
import { confirmError, PasswordFields } from '../../../components/password-fields';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { changePassword } from '../api/change-password';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

/** /protect/segure/password/reset-password: change the password of a logged-in reader. */
function ChangePasswordPage() {
  const t = useT();
  useDocumentTitle(t('profile.password.title'));
  const toast = useToast();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...fields } = form;
    const parsed = changePasswordRequestSchema.safeParse(fields);
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    const mismatch = confirmError(form.newPassword, confirm, t);
    if (mismatch) next.confirm = mismatch;
    setErrors(next);
    if (!parsed.success || next.confirm) return;
    setIsBusy(true);
    try {
      const body = await changePassword(fields.currentPassword, fields.newPassword);
      toast({ message: body.message, type: 'success' });
      setForm(EMPTY);
    } catch (error) {
      setErrors(
        error instanceof ApiError ? { ...(error.fields ?? {}), form: error.message } : { form: t('profile.networkError') },
      );
    }
    setIsBusy(false);
  };

  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: event.target.value });

  return (
    <div className="max-w-md">
      <h2 className="text-xl font-bold text-white">{t('profile.password.heading')}</h2>
      <p className="mt-1 text-sm text-zinc-400">{t('profile.password.note')}</p>
      <form onSubmit={(event) => void handleSubmit(event)} className="mt-6 space-y-4" noValidate>
        {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
        <TextField
          label={t('profile.password.current')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <PasswordFields
          name="newPassword"
          isNew
          password={form.newPassword}
          confirm={form.confirm}
          onPasswordChange={(newPassword) => setForm({ ...form, newPassword })}
          onConfirmChange={(confirm) => setForm({ ...form, confirm })}
          errors={{ password: errors.newPassword, confirm: errors.confirm }}
        />
        <SubmitButton isBusy={isBusy}>{t('profile.password.title')}</SubmitButton>
      </form>
    </div>
  );
}

export default ChangePasswordPage;
