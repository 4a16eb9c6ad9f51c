import { forgotPasswordRequestSchema } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { fieldErrors, FormAlert, SubmitButton, TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/forgot-password';
import { AuthCard } from './auth-card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

function ForgotPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.forgot.documentTitle'));
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, t));
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      setSentMessage((await requestPasswordReset(parsed.data.email)).message);
    } catch (error) {
      setErrors({ form: error instanceof ApiError ? error.message : t('auth.networkErrorShort') });
    }
    setIsBusy(false);
  };

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Link to="/login" className="font-semibold text-accent-400 hover:underline">
          {t('auth.forgot.back')}
        </Link>
      }
    >
      {sentMessage ? (
        <FormAlert tone="success">{sentMessage}</FormAlert>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
          {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
          <TextField
            label={t('auth.field.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <SubmitButton isBusy={isBusy}>{t('auth.forgot.submit')}</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

export default ForgotPasswordPage;
