import type { I18n } from '../lib/i18n/message-runtime';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-context';
import { AdBox } from '../features/ads/ad-box';
import { ProfileProvider } from '../features/profile/profile-context';
import { AdSlotProvider } from '../lib/ads/ad-slot';
import { AuthProvider, useAuth } from '../lib/auth/auth-context';
import { CommentsSlotProvider } from '../lib/comments/comments-slot';
import { I18nProvider } from '../lib/i18n/i18n-context';
import { useMergeVisitorProgress } from '../lib/library/merge-visitor-progress';
import { useOfflineUpkeep } from '../lib/offline/use-offline-upkeep';

/** What a visitor read in this browser joins their account as they sign in; kept chapters are looked after. */
function VisitorProgressMerge() {
  useMergeVisitorProgress();
  useOfflineUpkeep();
  return null;
}

/** The preview bar (issue 22 §3) in a chunk of its own: only a team member previewing ever needs it. */
const PreviewBar = lazy(() => import('./preview-bar'));
function PreviewBarWhenPreviewing() {
  const { preview } = useAuth();
  return preview ? (
    <Suspense fallback={null}>
      <PreviewBar />
    </Suspense>
  ) : null;
}

/** Comments (issue 9 §4) in a chunk of their own, fetched as a reader scrolls near them. */
const CommentsSection = lazy(() => import('../features/comments/comments-section'));

/** The page's language, server data, toasts, the session and the profile, for the whole app. */
export function AppProviders({ children, queryClient, i18n }: { children: ReactNode; queryClient: QueryClient; i18n: I18n }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>
            <VisitorProgressMerge />
            <PreviewBarWhenPreviewing />
            <CommentsSlotProvider value={CommentsSection}>
              <AdSlotProvider value={AdBox}>
                <ProfileProvider>{children}</ProfileProvider>
              </AdSlotProvider>
            </CommentsSlotProvider>
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
