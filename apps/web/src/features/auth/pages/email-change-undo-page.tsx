import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { undoEmailChange } from '../api/email-change';
import { AuthCard } from './auth-card';
import '../messages';

/**
 * /email-change/undo?token=…: the page the old address's notice links to (issue 36 §2). Pressing
 * the button puts the old address back, signs every device out (this one too) and mails the old
 * address a link to choose a new password, so whoever changed it can no longer sign in.
 */
function EmailChangeUndoPage() {
  const t = useT();
  useDocumentTitle(t('auth.emailChange.undoTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { setUser } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [restored, setRestored] = useState<string | null>(null);

  const secure = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const { email } = await undoEmailChange(token);
      setRestored(email);
      // Every session of the account ended, this browser's too.
      setUser(null);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('auth.networkError'));
    }
    setIsBusy(false);
  };

  let body;
  if (!token) {
    body = <FormAlert tone="error">{t('auth.emailChange.incomplete')}</FormAlert>;
  } else if (restored) {
    body = (
      <div className="space-y-4">
        <FormAlert tone="success">{t('auth.emailChange.undone', { email: restored })}</FormAlert>
        <p className="text-sm text-zinc-300">{t('auth.emailChange.undoneNext')}</p>
        <Link to="/forgot-password" className="inline-block font-semibold text-accent-400 hover:underline">
          {t('auth.emailChange.noMail')}
        </Link>
      </div>
    );
  } else {
    body = (
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void secure();
        }}
      >
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <p className="text-sm text-zinc-300">{t('auth.emailChange.undoExplain')}</p>
        <SubmitButton isBusy={isBusy}>{t('auth.emailChange.undoSubmit')}</SubmitButton>
      </form>
    );
  }
  return <AuthCard title={t('auth.emailChange.undoTitle')}>{body}</AuthCard>;
}

export default EmailChangeUndoPage;
