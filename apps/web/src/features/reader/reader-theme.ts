import type { CSSProperties } from 'react';
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
  /**
   * The site's dark palette redrawn in the theme's colours, set on the reader's root (issue 33 §10):
   * everything drawn inside it in the site's usual classes (the end of chapter, the house ad, the
   * comments, the settings panel and sheets) takes the theme, with no dark slab left over.
   */
  palette: CSSProperties;
}

/**
 * Light and sepia: the ink surfaces become the page's paper and the zinc text its ink (index.css
 * turns the tinted text and white over with them). A theme's own classes below therefore name
 * their colours outright: `bg-zinc-200` there would be the ink of the text.
 */
const paperPalette = (colours: {
  page: string;
  surface: string;
  raised: string;
  line: string;
  strong: string;
  text: string;
  soft: string;
  muted: string;
  faint: string;
}) =>
  ({
    '--color-ink-950': colours.page,
    '--color-ink-900': colours.surface,
    '--color-ink-800': colours.raised,
    '--color-ink-700': colours.line,
    '--color-zinc-100': colours.strong,
    '--color-zinc-200': colours.text,
    '--color-zinc-300': colours.soft,
    '--color-zinc-400': colours.muted,
    '--color-zinc-500': colours.faint,
  }) as CSSProperties;

export const READER_THEMES: Record<NovelTheme, ReaderTheme> = {
  dark: {
    bar: 'border-ink-800 bg-ink-950/95 text-zinc-300',
    button: 'bg-ink-800 text-zinc-200 hover:bg-ink-700',
    buttonOn: 'bg-accent-600/20 text-accent-400 ring-1 ring-inset ring-accent-500/40 hover:bg-accent-600/30',
    field: 'border-ink-700 bg-ink-900 text-zinc-100',
    page: 'bg-ink-950',
    line: 'bg-accent-400',
    muted: 'text-zinc-400',
    palette: {},
  },
  light: {
    bar: 'border-[#e4e4e7] bg-[#fbfaf7]/95 text-zinc-700',
    button: 'bg-[#e7e4dc] text-zinc-800 hover:bg-[#d6d3cb]',
    buttonOn: 'bg-accent-600/15 text-accent-600 ring-1 ring-inset ring-accent-600/40 hover:bg-accent-600/25',
    field: 'border-[#d6d3cb] bg-[#fff] text-zinc-900',
    page: 'bg-[#fbfaf7]',
    line: 'bg-accent-600',
    muted: 'text-zinc-600',
    palette: paperPalette({
      page: '#fbfaf7',
      surface: '#f4f2ec',
      raised: '#e7e4dc',
      line: '#d6d3cb',
      strong: '#18181b',
      text: '#27272a',
      soft: '#3f3f46',
      muted: '#52525b',
      faint: '#63636b',
    }),
  },
  sepia: {
    bar: 'border-[#e4d6b5] bg-[#f4ecd8]/95 text-[#5b4636]',
    button: 'bg-[#e9dcc0] text-[#5b4636] hover:bg-[#dfcfae]',
    buttonOn: 'bg-[#8b5e34]/15 text-[#8b5e34] ring-1 ring-inset ring-[#8b5e34]/40 hover:bg-[#8b5e34]/25',
    field: 'border-[#d9c8a3] bg-[#fbf5e6] text-[#5b4636]',
    page: 'bg-[#f4ecd8]',
    line: 'bg-[#8b5e34]',
    muted: 'text-[#7a6552]',
    palette: paperPalette({
      page: '#f4ecd8',
      surface: '#efe4cb',
      raised: '#e9dcc0',
      line: '#d9c8a3',
      strong: '#3b2c20',
      text: '#4a3829',
      soft: '#5b4636',
      muted: '#65513f',
      faint: '#6e5a48',
    }),
  },
};
