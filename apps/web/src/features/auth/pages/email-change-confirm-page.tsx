import { PROFILE_CACHE_KEY } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { clearTimedCache } from '../../../lib/timed-cache';
import { confirmEmailChange } from '../api/email-change';
import { MailedLinkPage } from './mailed-link-page';
import '../messages';

/**
 * /email-change/confirm?token=…: the page the new address's mail links to (issue 36 §2). Signed in
 * here, the session shows the new address at once.
 */
function EmailChangeConfirmPage() {
  const t = useT();
  const { isAuthenticated, refresh } = useAuth();
  const queryClient = useQueryClient();
  return (
    <MailedLinkPage
      title={t('auth.emailChange.confirmTitle')}
      explain={t('auth.emailChange.confirmExplain')}
      submit={t('auth.emailChange.confirmSubmit')}
      act={async (token) => {
        const { email } = await confirmEmailChange(token);
        // The account page shows the new address at once: its kept profile is dropped, the session asked again.
        clearTimedCache(PROFILE_CACHE_KEY);
        void queryClient.invalidateQueries({ queryKey: ['profile'] });
        if (isAuthenticated) void refresh();
        return email;
      }}
      done={(email) => (
        <>
          <FormAlert tone="success">{t('auth.emailChange.changed', { email })}</FormAlert>
          <Link
            to={isAuthenticated ? '/profile/me' : '/login'}
            className="inline-block font-semibold text-accent-400 hover:underline"
          >
            {isAuthenticated ? t('auth.emailChange.toAccount') : t('auth.emailChange.signIn')}
          </Link>
        </>
      )}
    />
  );
}

export default EmailChangeConfirmPage;
