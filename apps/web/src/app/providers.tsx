import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-context';
import { ProfileProvider } from '../features/profile/profile-context';
import { AuthProvider } from '../lib/auth/auth-context';

/** Server data, toasts, the session and the profile, for the whole app. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <ProfileProvider>{children}</ProfileProvider>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
