import { LOGOUT_REDIRECT_MS } from '@inkwell/contract';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../../lib/auth/auth-context';

/**
 * SPEC §4 Logout flow: a loading toast, then success or error, and a redirect to /login one
 * second later in both cases.
 */
export function useLogoutFlow() {
  const { logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  return async () => {
    const id = toast({
      id: 'logout',
      message: 'Logging out...',
      type: 'loading',
      status: 'processing',
      duration: 'infinite',
      update: true,
    });
    try {
      await logout();
      toast({ id, update: true, message: 'Logged out successfully!', type: 'success', duration: 3000 });
    } catch {
      toast({ id, update: true, message: 'Error during logout', type: 'error', duration: 5000 });
    }
    setTimeout(() => void navigate('/login'), LOGOUT_REDIRECT_MS);
  };
}
