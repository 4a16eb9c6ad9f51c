// i18n: not yet in the catalogues (issue 35)
import { passwordSchema } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form';
import { confirmError, PasswordFields } from '../../../components/password-fields';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /reset-password?token=…: the page a reset e-mail links to. */
function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(form.password);
    const next: Record<string, string> = {};
    if (!parsed.success) next.password = parsed.error.issues[0]?.message ?? 'Invalid password';
    const mismatch = confirmError(form.password, form.confirm);
    if (mismatch) next.confirm = mismatch;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setIsBusy(true);
    try {
      setDoneMessage((await resetPassword(token, form.password)).message);
    } catch (error) {
      setErrors(
        error instanceof ApiError
          ? { ...(error.fields ?? {}), form: error.message }
          : { form: 'We could not reach Inkwell. Try again.' },
      );
    }
    setIsBusy(false);
  };

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <FormAlert tone="error">
          This reset link is incomplete. Open the link from your e-mail again, or ask for a new one.
        </FormAlert>
        <Link to="/forgot-password" className="mt-4 inline-block text-sm font-semibold text-accent-400 hover:underline">
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {doneMessage ? (
        <div className="space-y-4">
          <FormAlert tone="success">{doneMessage}</FormAlert>
          <Link to="/login" className="inline-block text-sm font-semibold text-accent-400 hover:underline">
            Go to log in
          </Link>
        </div>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
          {errors.form && (
            <FormAlert tone="error">
              {errors.form}{' '}
              {!errors.password && (
                <Link to="/forgot-password" className="font-semibold underline">
                  Ask for a new link
                </Link>
              )}
            </FormAlert>
          )}
          <PasswordFields
            name="password"
            isNew
            password={form.password}
            confirm={form.confirm}
            onPasswordChange={(password) => setForm({ ...form, password })}
            onConfirmChange={(confirm) => setForm({ ...form, confirm })}
            errors={errors}
          />
          <SubmitButton isBusy={isBusy}>Set new password</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

export default ResetPasswordPage;
