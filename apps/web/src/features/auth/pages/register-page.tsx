// i18n: not yet in the catalogues (issue 35)
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

/**
 * /register: the sign-up form. `?next=/a/path` (a paywall's chapter) goes with the sign-up, so the
 * mailed link lands the new reader back there (issue 33 §4); anything but a path on this site is dropped.
 */
function RegisterPage() {
  useDocumentTitle('Register');
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
      <AuthCard title="Registration is closed" footer={<LogInInstead from={next} />}>
        <p className="text-sm text-zinc-300" data-testid="registration-closed">
          Registration is closed for now. Please come back later.
        </p>
      </AuthCard>
    );
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...fields } = form;
    const parsed = registerRequestSchema.safeParse({ ...fields, next });
    const nextErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const mismatch = confirmError(form.password, confirm);
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
      setErrors(
        error instanceof ApiError
          ? { ...(error.fields ?? {}), form: error.message }
          : { form: 'We could not reach Inkwell. Check your connection and try again.' },
      );
      setIsBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your e-mail">
        <div className="space-y-3 text-sm text-zinc-300" data-testid="registration-sent">
          <p>
            We sent a link to <strong className="text-zinc-100">{sentTo}</strong>. Open it to finish creating your account; it
            works for 24 hours.
          </p>
          <p>
            Nothing there after a few minutes? Look in your spam folder, or{' '}
            <button type="button" className="font-semibold text-accent-400 hover:underline" onClick={() => setSentTo(null)}>
              try another address
            </button>
            .
          </p>
        </div>
      </AuthCard>
    );
  }

  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: event.target.value });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Bookmark series, follow new chapters and unlock premium ones."
      footer={<LogInInstead from={next} />}
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
        {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={form.username}
          onChange={set('username')}
          error={errors.username}
          hint="3 to 24 letters, digits or underscores."
        />
        <PasswordFields
          name="password"
          password={form.password}
          confirm={form.confirm}
          onPasswordChange={(password) => setForm({ ...form, password })}
          onConfirmChange={(confirm) => setForm({ ...form, confirm })}
          errors={errors}
        />
        <SubmitButton isBusy={isBusy}>Create account</SubmitButton>
      </form>
    </AuthCard>
  );
}

export default RegisterPage;
