import { passwordSchema } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form';
import { confirmError, PasswordFields } from '../../../components/password-fields';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import { schemaMessage } from '../../../lib/i18n/validation-messages';
import '../messages';

/** /reset-password?token=…: the page a reset e-mail links to. */
function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.reset.documentTitle'));
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
    const problem = parsed.error?.issues[0]?.message;
    if (!parsed.success) next.password = problem ? schemaMessage(t, problem) : t('auth.reset.invalidPassword');
    const mismatch = confirmError(form.password, form.confirm, t);
    if (mismatch) next.confirm = mismatch;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setIsBusy(true);
    try {
      setDoneMessage((await resetPassword(token, form.password)).message);
    } catch (error) {
      setErrors(
        error instanceof ApiError ? { ...(error.fields ?? {}), form: error.message } : { form: t('auth.networkErrorShort') },
      );
    }
    setIsBusy(false);
  };

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.incompleteTitle')}>
        <FormAlert tone="error">{t('auth.reset.incomplete')}</FormAlert>
        <Link to="/forgot-password" className="mt-4 inline-block text-sm font-semibold text-accent-400 hover:underline">
          {t('auth.reset.askNew')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')}>
      {doneMessage ? (
        <div className="space-y-4">
          <FormAlert tone="success">{doneMessage}</FormAlert>
          <Link to="/login" className="inline-block text-sm font-semibold text-accent-400 hover:underline">
            {t('auth.reset.goToLogIn')}
          </Link>
        </div>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
          {errors.form && (
            <FormAlert tone="error">
              {errors.form}{' '}
              {!errors.password && (
                <Link to="/forgot-password" className="font-semibold underline">
                  {t('auth.reset.askNew')}
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
          <SubmitButton isBusy={isBusy}>{t('auth.reset.submit')}</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

export default ResetPasswordPage;
