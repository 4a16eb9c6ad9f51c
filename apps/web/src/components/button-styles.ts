/** The two button looks of forms and toolbars, for <button> and <Link> alike. */
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-500 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-ink-800 px-4 py-2 text-sm font-medium text-zinc-100 hover:bg-ink-700 disabled:opacity-60';
