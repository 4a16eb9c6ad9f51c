// i18n: not yet in the catalogues (issue 35)
import { changePasswordRequestSchema } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { fieldErrors, FormAlert, SubmitButton, TextField } from '../../../components/form';
import { confirmError, PasswordFields } from '../../../components/password-fields';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { changePassword } from '../api/change-password';
import { useDocumentTitle } from '../../../lib/use-document-title';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

/** /protect/segure/password/reset-password: change the password of a logged-in reader. */
function ChangePasswordPage() {
  useDocumentTitle('Change password');
  const toast = useToast();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...fields } = form;
    const parsed = changePasswordRequestSchema.safeParse(fields);
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const mismatch = confirmError(form.newPassword, confirm);
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
        error instanceof ApiError
          ? { ...(error.fields ?? {}), form: error.message }
          : { form: 'We could not reach Inkwell. Try again.' },
      );
    }
    setIsBusy(false);
  };

  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: event.target.value });

  return (
    <div className="max-w-md">
      <h2 className="text-xl font-bold text-white">Change your password</h2>
      <p className="mt-1 text-sm text-zinc-400">Your other devices will be logged out.</p>
      <form onSubmit={(event) => void handleSubmit(event)} className="mt-6 space-y-4" noValidate>
        {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
        <TextField
          label="Current password"
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
        <SubmitButton isBusy={isBusy}>Change password</SubmitButton>
      </form>
    </div>
  );
}

export default ChangePasswordPage;
