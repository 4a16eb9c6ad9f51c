import { FlaskConical } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCompleteTestOnboarding } from '../api/payouts';
import '../messages';

/**
 * /account/payouts/test-onboarding (issue 38 §2): the built-in test provider's onboarding, where
 * `onboardingUrl` points while Stripe is not configured. Completing it makes the payee's payout
 * account active at once, as the test checkout pays at once; then back to the payouts page.
 */
export default function TestPayoutOnboardingPage() {
  const t = useT();
  useDocumentTitle(t('profile.payouts.test.title'));
  const navigate = useNavigate();
  const toast = useToast();
  const complete = useCompleteTestOnboarding();

  const handleComplete = () =>
    complete.mutate(undefined, {
      onSuccess: () => {
        toast({ type: 'success', duration: 5000, message: t('profile.payouts.test.done') });
        void navigate('/account/payouts', { replace: true });
      },
      onError: (error) =>
        toast({
          type: 'error',
          duration: 6000,
          message: error instanceof ApiError ? error.message : t('profile.payouts.test.failed'),
        }),
    });

  return (
    <div className="mx-auto max-w-lg space-y-5">
      <p
        role="note"
        className="flex items-center gap-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-400/10 px-4 py-3 font-bold text-amber-200"
      >
        <FlaskConical className="size-5 shrink-0" aria-hidden />
        {t('profile.payouts.test.notice')}
      </p>
      <section className="rounded-2xl border border-ink-800 bg-ink-900 p-6">
        <h2 className="text-xl font-bold text-white">{t('profile.payouts.test.title')}</h2>
        <p className="mt-2 text-sm text-zinc-300">{t('profile.payouts.test.explain')}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/account/payouts" className={secondaryButton}>
            {t('profile.payouts.test.cancel')}
          </Link>
          <button
            type="button"
            className={primaryButton}
            disabled={complete.isPending || complete.isSuccess}
            onClick={handleComplete}
          >
            {complete.isPending ? t('profile.payouts.test.completing') : t('profile.payouts.test.complete')}
          </button>
        </div>
      </section>
    </div>
  );
}
