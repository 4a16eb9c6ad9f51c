import { useT } from '../lib/i18n/i18n-context';

/**
 * "18+": a series marked Adult, on its card and its page, to a reader who is shown it (issue 36 §4).
 */
export function AdultBadge({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded bg-rose-600 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-white ${className}`}
      title={t('common.adult.badgeLabel')}
      aria-label={t('common.adult.badgeLabel')}
      data-testid="adult-badge"
    >
      {t('common.adult.badge')}
    </span>
  );
}
