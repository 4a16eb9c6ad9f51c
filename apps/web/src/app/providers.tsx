import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-context';
import { AdBox } from '../features/ads/ad-box';
import { ProfileProvider } from '../features/profile/profile-context';
import { AdSlotProvider } from '../lib/ads/ad-slot';
import { AuthProvider } from '../lib/auth/auth-context';
import { CommentsSlotProvider } from '../lib/comments/comments-slot';
import { useMergeVisitorProgress } from '../lib/library/merge-visitor-progress';
import { useOfflineUpkeep } from '../lib/offline/use-offline-upkeep';
import { PreviewBar } from './preview-bar';

/** What a visitor read in this browser joins their account as they sign in; kept chapters are looked after. */
function VisitorProgressMerge() {
  useMergeVisitorProgress();
  useOfflineUpkeep();
  return null;
}

/** Comments (issue 9 §4) in a chunk of their own, fetched as a reader scrolls near them. */
const CommentsSection = lazy(() => import('../features/comments/comments-section'));

/** Server data, toasts, the session and the profile, for the whole app. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <VisitorProgressMerge />
          <PreviewBar />
          <CommentsSlotProvider value={CommentsSection}>
            <AdSlotProvider value={AdBox}>
              <ProfileProvider>{children}</ProfileProvider>
            </AdSlotProvider>
          </CommentsSlotProvider>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
