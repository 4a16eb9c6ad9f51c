// i18n: not yet in the catalogues (issue 35)
/** The Inkwell mark and name. */
export function Logo({ withName = true }: { withName?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      {withName && <span className="text-lg font-bold tracking-tight text-white">Inkwell</span>}
    </span>
  );
}
