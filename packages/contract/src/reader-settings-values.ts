// The reader's settings' choices and limits (issue 39 §2), without zod: the web reader's first
// JavaScript imports these, and a module with schemas would bring zod into it. reader-settings.ts
// builds the endpoints' schemas from them.

export const READER_MODES = ['strip', 'paged'] as const;
export const READER_DIRECTIONS = ['ltr', 'rtl'] as const;
export const READER_FITS = ['width', 'height', 'original'] as const;
export const NOVEL_FONT_NAMES = ['serif', 'sans', 'dyslexic', 'mono'] as const;
export const NOVEL_WIDTH_NAMES = ['narrow', 'medium', 'wide'] as const;
export const NOVEL_THEME_NAMES = ['dark', 'light', 'sepia'] as const;
/** A novel's text size in pixels, whole. */
export const NOVEL_FONT_SIZE = { min: 14, max: 28 } as const;
/** A novel's line height, in tenths. */
export const NOVEL_LINE_HEIGHT = { min: 1.3, max: 2.2 } as const;
