/**
 * Whether the browser is drawing over the server's markup right now: its first drawing of a page
 * the server rendered (lib/preact/client.ts). A `LaterPart` drawn then waits for the reader to come
 * near (lib/later-part.tsx). Its own module, so the entry does not carry `LaterPart` for a page
 * that draws none.
 */
let drawing = false;

export function overServerMarkup(draw: () => void): void {
  drawing = true;
  try {
    draw();
  } finally {
    drawing = false;
  }
}

export function isDrawingOverServerMarkup(): boolean {
  return drawing;
}
