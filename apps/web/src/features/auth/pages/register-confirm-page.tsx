import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import { confirmRegistration } from '../api/register';
import { AuthCard, LogInInstead } from './auth-card';
import '../messages';

/**
 * /register/confirm?token=…: the page a sign-up's e-mail links to. The account is made when the
 * reader presses the button, not when the page opens, so a mail scanner that follows links
 * creates nothing. The new reader lands where their sign-up started (a paywall's chapter) or on
 * home, greeted as new (issue 33 §4).
 */
function RegisterConfirmPage() {
  const t = useT();
  useDocumentTitle(t('auth.confirm.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const finish = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const body = await confirmRegistration(token);
      if (body.user) {
        setUser(body.user);
        toast({ message: t('auth.confirm.welcome', { username: body.user.username }), type: 'success', duration: 6000 });
      }
      void navigate(body.next ?? '/', { replace: true, state: { isNewAccount: true } });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('auth.networkError'));
      setIsBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.confirm.title')} footer={<LogInInstead />}>
      {!token ? (
        <FormAlert tone="error">{t('auth.confirm.incomplete')}</FormAlert>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void finish();
          }}
        >
          {error && (
            <FormAlert tone="error">
              {error}{' '}
              <Link to="/register" className="font-semibold underline">
                {t('auth.confirm.signUpAgain')}
              </Link>
            </FormAlert>
          )}
          <p className="text-sm text-zinc-300">{t('auth.confirm.explain')}</p>
          <SubmitButton isBusy={isBusy}>{t('auth.confirm.submit')}</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

export default RegisterConfirmPage;
