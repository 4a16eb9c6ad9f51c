import type { Purchase } from '@inkwell/contract';
import { useT } from '../../../lib/i18n/i18n-context';
import { PURCHASE_STATUS_LABELS } from '../store-format';
import '../messages';

const TONES: Record<Purchase['status'], string> = {
  pending: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  paid: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  cancelled: 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30',
  refunded: 'bg-sky-500/15 text-sky-300 ring-sky-500/30',
  failed: 'bg-rose-500/15 text-rose-300 ring-rose-500/30',
};

export function PurchaseStatusBadge({ status }: { status: Purchase['status'] }) {
  const t = useT();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}
    >
      {t(PURCHASE_STATUS_LABELS[status])}
    </span>
  );
}
