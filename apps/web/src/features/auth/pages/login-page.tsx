import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormAlert, SubmitButton, TextField } from '../../../components/form';
import { useAuth } from '../../../lib/auth/auth-context';
import type { LoginResult } from '../../../lib/auth/session';
import { AuthCard } from './auth-card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import '../messages';

function LoginPage() {
  const t = useT();
  useDocumentTitle(t('auth.login.title'));
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
      setError(t('auth.login.missing'));
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
      setError(t('auth.networkError'));
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
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={richText(t('auth.login.newHere'), {
        link: (words) => (
          <Link to="/register" className="font-semibold text-accent-400 hover:underline">
            {words}
          </Link>
        ),
      })}
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <TextField
          label={t('auth.login.login')}
          name="login"
          autoComplete="username"
          value={form.login}
          onChange={(event) => setForm({ ...form, login: event.target.value })}
          required
        />
        <TextField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
          required
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm text-accent-400 hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <SubmitButton isBusy={isBusy}>{t('auth.login.submit')}</SubmitButton>
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
  const t = useT();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = useRecovery ? value.trim() : value.replace(/\s/g, '');
    if (useRecovery ? code === '' : !/^\d{6}$/.test(code)) {
      setError(useRecovery ? t('auth.twoFactor.missingRecovery') : t('auth.twoFactor.missingCode'));
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
      setError(t('auth.networkError'));
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
      title={t('auth.twoFactor.title')}
      subtitle={useRecovery ? t('auth.twoFactor.recoveryIntro') : t('auth.twoFactor.codeIntro')}
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        {useRecovery ? (
          <TextField
            key="recovery"
            label={t('auth.twoFactor.recoveryLabel')}
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            hint={t('auth.twoFactor.recoveryHint')}
            required
          />
        ) : (
          <TextField
            key="code"
            label={t('auth.twoFactor.codeLabel')}
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
        <SubmitButton isBusy={isBusy}>{t('auth.twoFactor.verify')}</SubmitButton>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <button type="button" onClick={() => onBack(null)} className="text-zinc-400 hover:text-zinc-200 hover:underline">
            {t('auth.twoFactor.back')}
          </button>
          <button type="button" onClick={toggle} className="font-semibold text-accent-400 hover:underline">
            {useRecovery ? t('auth.twoFactor.useApp') : t('auth.twoFactor.useRecovery')}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}

export default LoginPage;
