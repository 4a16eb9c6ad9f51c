import { useT } from '../../lib/i18n/i18n-context';
import '../../lib/i18n/later-messages';

/** The announcement page's boxes while it loads. */
export function AnnouncementSkeleton() {
  // Shown before the page's code (and the announcements' words) arrive: common's words.
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8" aria-busy="true" aria-label={t('common.announcements.loading')}>
      <div className="h-9 w-3/4 animate-pulse rounded bg-ink-800" />
      <div className="mt-3 h-4 w-32 animate-pulse rounded bg-ink-800" />
      <div className="mt-8 space-y-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-4 animate-pulse rounded bg-ink-800" />
        ))}
      </div>
    </div>
  );
}
