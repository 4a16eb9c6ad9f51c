// i18n: not yet in the catalogues (issue 35)
import { forgotPasswordRequestSchema } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { fieldErrors, FormAlert, SubmitButton, TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/forgot-password';
import { AuthCard } from './auth-card';
import { useDocumentTitle } from '../../../lib/use-document-title';

function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      setSentMessage((await requestPasswordReset(parsed.data.email)).message);
    } catch (error) {
      setErrors({ form: error instanceof ApiError ? error.message : 'We could not reach Inkwell. Try again.' });
    }
    setIsBusy(false);
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account's e-mail and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-semibold text-accent-400 hover:underline">
          Back to log in
        </Link>
      }
    >
      {sentMessage ? (
        <FormAlert tone="success">{sentMessage}</FormAlert>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
          {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <SubmitButton isBusy={isBusy}>Send reset link</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

export default ForgotPasswordPage;
