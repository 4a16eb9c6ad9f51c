import { LOGOUT_REDIRECT_MS } from '@inkwell/contract';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import '../../../lib/i18n/later-messages';

/**
 * SPEC §4 Logout flow: a loading toast, then success or error, and a redirect to /login one
 * second later in both cases.
 */
export function useLogoutFlow() {
  const t = useT();
  const { logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  return async () => {
    const id = toast({
      id: 'logout',
      message: t('common.auth.loggingOut'),
      type: 'loading',
      status: 'processing',
      duration: 'infinite',
      update: true,
    });
    try {
      await logout();
      toast({ id, update: true, message: t('common.auth.loggedOut'), type: 'success', duration: 3000 });
    } catch {
      toast({ id, update: true, message: t('common.auth.logoutError'), type: 'error', duration: 5000 });
    }
    setTimeout(() => void navigate('/login'), LOGOUT_REDIRECT_MS);
  };
}
