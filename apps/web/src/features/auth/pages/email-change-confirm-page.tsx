import { PROFILE_CACHE_KEY } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { clearTimedCache } from '../../../lib/timed-cache';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { confirmEmailChange } from '../api/email-change';
import { AuthCard } from './auth-card';
import '../messages';

/**
 * /email-change/confirm?token=…: the page the new address's mail links to (issue 36 §2). The
 * address changes when the reader presses the button, not when the page opens, so a mail scanner
 * that follows links changes nothing. Signed in here, the session shows the new address at once.
 */
function EmailChangeConfirmPage() {
  const t = useT();
  useDocumentTitle(t('auth.emailChange.confirmTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { isAuthenticated, refresh } = useAuth();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);

  const finish = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const { email } = await confirmEmailChange(token);
      setChangedTo(email);
      // The account page shows the new address at once: its kept profile is dropped, the session asked again.
      clearTimedCache(PROFILE_CACHE_KEY);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      if (isAuthenticated) void refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('auth.networkError'));
    }
    setIsBusy(false);
  };

  let body;
  if (!token) {
    body = <FormAlert tone="error">{t('auth.emailChange.incomplete')}</FormAlert>;
  } else if (changedTo) {
    body = (
      <div className="space-y-4">
        <FormAlert tone="success">{t('auth.emailChange.changed', { email: changedTo })}</FormAlert>
        <Link
          to={isAuthenticated ? '/profile/me' : '/login'}
          className="inline-block font-semibold text-accent-400 hover:underline"
        >
          {isAuthenticated ? t('auth.emailChange.toAccount') : t('auth.emailChange.signIn')}
        </Link>
      </div>
    );
  } else {
    body = (
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void finish();
        }}
      >
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <p className="text-sm text-zinc-300">{t('auth.emailChange.confirmExplain')}</p>
        <SubmitButton isBusy={isBusy}>{t('auth.emailChange.confirmSubmit')}</SubmitButton>
      </form>
    );
  }
  return <AuthCard title={t('auth.emailChange.confirmTitle')}>{body}</AuthCard>;
}

export default EmailChangeConfirmPage;
