import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormAlert, SubmitButton, TextField } from '../../../components/form';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const { login, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState({ login: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
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
      setError(result.message);
    } catch {
      setError('We could not reach Inkwell. Check your connection and try again.');
    }
    setIsBusy(false);
  };

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

export default LoginPage;
