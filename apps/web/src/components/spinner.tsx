/** A centred spinner with its reason, for a page that is waiting (the session check, a profile). */
export function FullPageSpinner({ label = 'Checking your session…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-sm text-zinc-400" data-testid="guard-loader">
      <span className="mr-3 size-5 animate-spin rounded-full border-2 border-accent-400 border-t-transparent" aria-hidden />
      {label}
    </div>
  );
}
