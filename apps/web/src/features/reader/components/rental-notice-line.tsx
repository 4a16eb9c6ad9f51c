import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/** A rented chapter's line: until when it is open, and (`children`) the button that keeps it for good. */
export function RentalNoticeLine({
  openUntil,
  className,
  children,
  after,
}: {
  openUntil: string;
  className: string;
  children?: ReactNode;
  /** Under the line: why keeping it failed. */
  after?: ReactNode;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="mx-auto mt-3 flex w-fit max-w-[calc(100%-1.5rem)] flex-col items-center gap-1">
      <p
        className={`flex flex-wrap items-center justify-center gap-2 rounded-full px-3 py-1 text-xs font-medium ${className}`}
        data-testid="open-until"
      >
        <Clock className="size-3.5" aria-hidden />
        {t('reader.rental.until', { date: format.dateTime(openUntil) })}
        {children}
      </p>
      {after}
    </div>
  );
}

/** The keep button's look, also while its code loads (rental-notice.tsx). */
export const keepButtonClass =
  'rounded-full border border-current px-2 py-0.5 font-semibold hover:opacity-80 disabled:opacity-60';
