import type { AnnouncementState } from '@inkwell/contract';

const STYLE: Record<AnnouncementState, string> = {
  draft: 'bg-zinc-700 text-zinc-200',
  scheduled: 'bg-amber-500/20 text-amber-200',
  published: 'bg-emerald-500/20 text-emerald-200',
};

export function AnnouncementStateBadge({ state }: { state: AnnouncementState }) {
  return (
    <span className={`whitespace-nowrap rounded px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wide ${STYLE[state]}`}>
      {state}
    </span>
  );
}
