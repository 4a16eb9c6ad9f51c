// i18n: not yet in the catalogues (issue 35)
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormAlert, SubmitButton, TextField } from '../../../components/form';
import { useAuth } from '../../../lib/auth/auth-context';
import type { LoginResult } from '../../../lib/auth/session';
import { AuthCard } from './auth-card';
import { useDocumentTitle } from '../../../lib/use-document-title';

const NETWORK_ERROR = 'We could not reach Inkwell. Check your connection and try again.';

function LoginPage() {
  useDocumentTitle('Log in');
  const { login, loginWithTwoFactor, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState({ login: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  /** Issue 10: set once the password was right for an account with two-factor sign-in. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const returnTo = (location.state as { from?: string } | null)?.from ?? '/';

  if (user && !isBusy) return <Navigate to={returnTo} replace />;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.login.trim() || !form.password) {
      setError('Enter your e-mail or username and your password.');
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const result = await login(form);
      if (result.success) {
        void navigate(returnTo, { replace: true });
        return;
      }
      if (result.twoFactorChallenge) setChallenge(result.twoFactorChallenge);
      else setError(result.message);
    } catch {
      setError(NETWORK_ERROR);
    }
    setIsBusy(false);
  };

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        submit={loginWithTwoFactor}
        onSignedIn={() => void navigate(returnTo, { replace: true })}
        onBack={(message) => {
          setChallenge(null);
          setForm({ ...form, password: '' });
          setError(message);
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back to Inkwell."
      footer={
        <>
          New here?{' '}
          <Link to="/register" className="font-semibold text-accent-400 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <TextField
          label="E-mail or username"
          name="login"
          autoComplete="username"
          value={form.login}
          onChange={(event) => setForm({ ...form, login: event.target.value })}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
          required
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm text-accent-400 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <SubmitButton isBusy={isBusy}>Log in</SubmitButton>
      </form>
    </AuthCard>
  );
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function TwoFactorStep({
  challenge,
  submit,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  submit: (input: { challenge: string; code: string } | { challenge: string; recoveryCode: string }) => Promise<LoginResult>;
  onSignedIn: () => void;
  /** Back to the password, with a message when the challenge ran out. */
  onBack: (message: string | null) => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = useRecovery ? value.trim() : value.replace(/\s/g, '');
    if (useRecovery ? code === '' : !/^\d{6}$/.test(code)) {
      setError(useRecovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.');
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const result = await submit(useRecovery ? { challenge, recoveryCode: code } : { challenge, code });
      if (result.success) {
        onSignedIn();
        return;
      }
      if (result.code === 'invalid_token') {
        onBack(result.message);
        return;
      }
      setError(result.message);
      setValue('');
    } catch {
      setError(NETWORK_ERROR);
    }
    setIsBusy(false);
  };

  const toggle = () => {
    setUseRecovery(!useRecovery);
    setValue('');
    setError(null);
  };

  return (
    <AuthCard
      title="Two-factor sign-in"
      subtitle={
        useRecovery
          ? 'Enter one of the recovery codes you saved. Each code works once.'
          : 'Enter the 6-digit code your authenticator app shows for Inkwell.'
      }
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        {useRecovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            hint="For example xxxx-xxxx-xxxx-xxxx."
            required
          />
        ) : (
          <TextField
            key="code"
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            required
          />
        )}
        <SubmitButton isBusy={isBusy}>Verify</SubmitButton>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <button type="button" onClick={() => onBack(null)} className="text-zinc-400 hover:text-zinc-200 hover:underline">
            Back
          </button>
          <button type="button" onClick={toggle} className="font-semibold text-accent-400 hover:underline">
            {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}

export default LoginPage;
