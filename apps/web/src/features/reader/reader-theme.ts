import type { NovelTheme } from './reader-settings';

/** The reader's bars and controls in a theme's colours: a novel's bars follow its page (dark, light or sepia). */
export interface ReaderTheme {
  bar: string;
  button: string;
  /** A toggle that is on (the bookmark of a followed series). */
  buttonOn: string;
  field: string;
  page: string;
  line: string;
  muted: string;
}

export const READER_THEMES: Record<NovelTheme, ReaderTheme> = {
  dark: {
    bar: 'border-ink-800 bg-ink-950/95 text-zinc-300',
    button: 'bg-ink-800 text-zinc-200 hover:bg-ink-700',
    buttonOn: 'bg-accent-600/20 text-accent-400 ring-1 ring-inset ring-accent-500/40 hover:bg-accent-600/30',
    field: 'border-ink-700 bg-ink-900 text-zinc-100',
    page: 'bg-ink-950',
    line: 'bg-accent-400',
    muted: 'text-zinc-400',
  },
  light: {
    bar: 'border-zinc-200 bg-[#fbfaf7]/95 text-zinc-700',
    button: 'bg-zinc-200 text-zinc-800 hover:bg-zinc-300',
    buttonOn: 'bg-accent-600/15 text-accent-600 ring-1 ring-inset ring-accent-600/40 hover:bg-accent-600/25',
    field: 'border-zinc-300 bg-white text-zinc-900',
    page: 'bg-[#fbfaf7]',
    line: 'bg-accent-600',
    muted: 'text-zinc-600',
  },
  sepia: {
    bar: 'border-[#e4d6b5] bg-[#f4ecd8]/95 text-[#5b4636]',
    button: 'bg-[#e9dcc0] text-[#5b4636] hover:bg-[#dfcfae]',
    buttonOn: 'bg-[#8b5e34]/15 text-[#8b5e34] ring-1 ring-inset ring-[#8b5e34]/40 hover:bg-[#8b5e34]/25',
    field: 'border-[#d9c8a3] bg-[#fbf5e6] text-[#5b4636]',
    page: 'bg-[#f4ecd8]',
    line: 'bg-[#8b5e34]',
    muted: 'text-[#7a6552]',
  },
};
