// i18n: not yet in the catalogues (issue 35)
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { confirmRegistration } from '../api/register';
import { AuthCard, LogInInstead } from './auth-card';

/**
 * /register/confirm?token=…: the page a sign-up's e-mail links to. The account is made when the
 * reader presses the button, not when the page opens, so a mail scanner that follows links
 * creates nothing. The new reader lands where their sign-up started (a paywall's chapter) or on
 * home, greeted as new (issue 33 §4).
 */
function RegisterConfirmPage() {
  useDocumentTitle('Finish creating your account');
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
        toast({ message: `Welcome to Inkwell, ${body.user.username}! Your account is ready.`, type: 'success', duration: 6000 });
      }
      void navigate(body.next ?? '/', { replace: true, state: { isNewAccount: true } });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'We could not reach Inkwell. Check your connection and try again.');
      setIsBusy(false);
    }
  };

  return (
    <AuthCard title="Finish creating your account" footer={<LogInInstead />}>
      {!token ? (
        <FormAlert tone="error">This link is incomplete. Open the link from your e-mail again, or sign up again.</FormAlert>
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
                Sign up again
              </Link>
            </FormAlert>
          )}
          <p className="text-sm text-zinc-300">Your e-mail address is confirmed once you press the button.</p>
          <SubmitButton isBusy={isBusy}>Create my account</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

export default RegisterConfirmPage;
