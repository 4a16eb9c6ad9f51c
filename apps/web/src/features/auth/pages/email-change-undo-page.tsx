import { Link } from 'react-router';
import { FormAlert } from '../../../components/form';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { undoEmailChange } from '../api/email-change';
import { MailedLinkPage } from './mailed-link-page';
import '../messages';

/**
 * /email-change/undo?token=…: the page the old address's notice links to (issue 36 §2). Pressing
 * the button puts the old address back, signs every device out (this one too) and mails the old
 * address a link to choose a new password, so whoever changed it can no longer sign in.
 */
function EmailChangeUndoPage() {
  const t = useT();
  const { setUser } = useAuth();
  return (
    <MailedLinkPage
      title={t('auth.emailChange.undoTitle')}
      explain={t('auth.emailChange.undoExplain')}
      submit={t('auth.emailChange.undoSubmit')}
      act={async (token) => {
        const { email } = await undoEmailChange(token);
        // Every session of the account ended, this browser's too.
        setUser(null);
        return email;
      }}
      done={(email) => (
        <>
          <FormAlert tone="success">{t('auth.emailChange.undone', { email })}</FormAlert>
          <p className="text-sm text-zinc-300">{t('auth.emailChange.undoneNext')}</p>
          <Link to="/forgot-password" className="inline-block font-semibold text-accent-400 hover:underline">
            {t('auth.emailChange.noMail')}
          </Link>
        </>
      )}
    />
  );
}

export default EmailChangeUndoPage;
