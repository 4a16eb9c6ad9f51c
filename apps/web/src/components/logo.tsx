import { useT } from '../lib/i18n/i18n-context';

/** The Inkwell mark and name. */
export function Logo({ withName = true }: { withName?: boolean }) {
  const t = useT();
  return (
    <span className="flex items-center gap-2">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      {withName && <span className="text-lg font-bold tracking-tight text-white">{t('common.components.logo.name')}</span>}
    </span>
  );
}
