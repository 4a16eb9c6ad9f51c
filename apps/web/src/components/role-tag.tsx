import type { Role } from '@inkwell/contract';
import { useT } from '../lib/i18n/i18n-context';
import '../lib/i18n/later-messages';

const ROLE_LABELS: Record<Role, string> = {
  admin: 'common.components.role.admin',
  editor: 'common.components.role.editor',
  reader: 'common.components.role.reader',
};
const ROLE_STYLES: Record<Role, string> = {
  admin: 'bg-rose-500/15 text-rose-300 ring-rose-400/30',
  editor: 'bg-sky-500/15 text-sky-300 ring-sky-400/30',
  reader: 'bg-zinc-500/15 text-zinc-300 ring-zinc-400/30',
};

export function RoleTag({ role }: { role: Role }) {
  const t = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${ROLE_STYLES[role]}`}>
      {t(ROLE_LABELS[role])}
    </span>
  );
}

export function PremiumTag() {
  const t = useT();
  return (
    <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-300 ring-1 ring-inset ring-amber-400/30">
      {t('common.components.role.premium')}
    </span>
  );
}
