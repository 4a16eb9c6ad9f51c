// i18n: not yet in the catalogues (issue 35)
import type { Role } from '@inkwell/contract';

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', editor: 'Editor', reader: 'Reader' };
const ROLE_STYLES: Record<Role, string> = {
  admin: 'bg-rose-500/15 text-rose-300 ring-rose-400/30',
  editor: 'bg-sky-500/15 text-sky-300 ring-sky-400/30',
  reader: 'bg-zinc-500/15 text-zinc-300 ring-zinc-400/30',
};

export function RoleTag({ role }: { role: Role }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${ROLE_STYLES[role]}`}>
      {ROLE_LABELS[role]}
    </span>
  );
}

export function PremiumTag() {
  return (
    <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-300 ring-1 ring-inset ring-amber-400/30">
      Premium
    </span>
  );
}
