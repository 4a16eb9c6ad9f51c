/**
 * Bidirectional-text controls: the embeddings and overrides (U+202A–U+202E), the isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). In text one reader writes and others read
 * they serve mostly to disguise it: an override (U+202E) shows "gnp.exe" as "exe.png" and can make
 * a comment or a gift message read unlike what was written.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * `text` without bidirectional controls. Reader-written text that other people read goes through
 * it on the way in (`.overwrite(stripBidiControls)` before `.trim()` and the length checks, so a
 * message of controls alone counts as empty); the letters of right-to-left scripts stay as they are.
 */
export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
