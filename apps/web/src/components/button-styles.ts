/**
 * The two button looks of forms and toolbars, for <button> and <Link> alike. Disabled, a button
 * loses its colour, and hovering it changes nothing (Tailwind puts `disabled:` after `hover:`):
 * a faded violet button still read as one to press.
 */
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-500 disabled:cursor-not-allowed disabled:bg-ink-700 disabled:text-zinc-400';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-ink-800 px-4 py-2 text-sm font-medium text-zinc-100 hover:bg-ink-700 disabled:cursor-not-allowed disabled:bg-ink-800 disabled:text-zinc-500';
