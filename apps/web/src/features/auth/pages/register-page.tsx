import { nextPathSchema, registerRequestSchema } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { fieldErrors, FormAlert, SubmitButton, TextField } from '../../../components/form';
import { confirmError, PasswordFields } from '../../../components/password-fields';
import { ApiError } from '../../../lib/api-client';
import { register } from '../api/register';
import { useAuth } from '../../../lib/auth/auth-context';
import { useSiteSettings } from '../../../lib/site-settings';
import { AuthCard, LogInInstead } from './auth-card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import '../messages';

/**
 * /register: the sign-up form. `?next=/a/path` (a paywall's chapter) goes with the sign-up, so the
 * mailed link lands the new reader back there (issue 33 §4); anything but a path on this site is dropped.
 */
function RegisterPage() {
  const t = useT();
  useDocumentTitle(t('auth.register.documentTitle'));
  const { user } = useAuth();
  const [params] = useSearchParams();
  const next = nextPathSchema.safeParse(params.get('next')).data;
  const [form, setForm] = useState({ email: '', username: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  // The answer to a sent form: the account is finished from the mailed link (issue 20 §4).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const settings = useSiteSettings();
  // Issue 10 §2: an admin may close sign-ups; the server refuses them too (registration_closed).
  const [wasRefused, setWasRefused] = useState(false);
  const isClosed = wasRefused || settings.data?.registrationOpen === false;

  if (user && !isBusy) return <Navigate to={next ?? '/'} replace />;

  if (isClosed) {
    return (
      <AuthCard title={t('auth.register.closedTitle')} footer={<LogInInstead from={next} />}>
        <p className="text-sm text-zinc-300" data-testid="registration-closed">
          {t('auth.register.closed')}
        </p>
      </AuthCard>
    );
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...fields } = form;
    const parsed = registerRequestSchema.safeParse({ ...fields, next });
    const nextErrors = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    const mismatch = confirmError(form.password, confirm, t);
    if (mismatch) nextErrors.confirm = mismatch;
    setErrors(nextErrors);
    if (!parsed.success || nextErrors.confirm) return;

    setIsBusy(true);
    try {
      await register(parsed.data);
      setSentTo(parsed.data.email);
      setIsBusy(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'registration_closed') {
        setWasRefused(true);
        void settings.refetch();
      }
      setErrors(error instanceof ApiError ? { ...(error.fields ?? {}), form: error.message } : { form: t('auth.networkError') });
      setIsBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t('auth.register.sentTitle')}>
        <div className="space-y-3 text-sm text-zinc-300" data-testid="registration-sent">
          <p>
            {richText(t('auth.register.sent', { email: sentTo }), {
              strong: (words) => <strong className="text-zinc-100">{words}</strong>,
            })}
          </p>
          <p>
            {richText(t('auth.register.sentNothing'), {
              retry: (words) => (
                <button type="button" className="font-semibold text-accent-400 hover:underline" onClick={() => setSentTo(null)}>
                  {words}
                </button>
              ),
            })}
          </p>
        </div>
      </AuthCard>
    );
  }

  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: event.target.value });

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} footer={<LogInInstead from={next} />}>
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
        {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
        <TextField
          label={t('auth.field.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label={t('auth.register.username')}
          name="username"
          autoComplete="username"
          value={form.username}
          onChange={set('username')}
          error={errors.username}
          hint={t('auth.register.usernameHint')}
        />
        <PasswordFields
          name="password"
          password={form.password}
          confirm={form.confirm}
          onPasswordChange={(password) => setForm({ ...form, password })}
          onConfirmChange={(confirm) => setForm({ ...form, confirm })}
          errors={errors}
        />
        <SubmitButton isBusy={isBusy}>{t('auth.register.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}

export default RegisterPage;
