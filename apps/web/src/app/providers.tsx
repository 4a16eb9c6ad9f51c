import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-context';
import { ProfileProvider } from '../features/profile/profile-context';
import { AuthProvider } from '../lib/auth/auth-context';
import { useMergeVisitorProgress } from '../lib/library/merge-visitor-progress';

/** What a visitor read in this browser joins their account as they sign in. */
function VisitorProgressMerge() {
  useMergeVisitorProgress();
  return null;
}

/** Server data, toasts, the session and the profile, for the whole app. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <VisitorProgressMerge />
          <ProfileProvider>{children}</ProfileProvider>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
