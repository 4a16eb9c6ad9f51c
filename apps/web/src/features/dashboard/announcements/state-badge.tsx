import type { AnnouncementState } from '@inkwell/contract';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

const STYLE: Record<AnnouncementState, string> = {
  draft: 'bg-zinc-700 text-zinc-200',
  scheduled: 'bg-amber-500/20 text-amber-200',
  published: 'bg-emerald-500/20 text-emerald-200',
};

const STATE_IDS: Record<AnnouncementState, string> = {
  draft: 'dashboard.announcements.state.draft',
  scheduled: 'dashboard.announcements.state.scheduled',
  published: 'dashboard.announcements.state.published',
};

export function AnnouncementStateBadge({ state }: { state: AnnouncementState }) {
  const t = useT();
  return (
    <span className={`whitespace-nowrap rounded px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wide ${STYLE[state]}`}>
      {t(STATE_IDS[state])}
    </span>
  );
}
