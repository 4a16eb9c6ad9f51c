import { useEffect } from 'react';
import { renderScope } from './render-scope';

/** Sets the tab's title while a page is shown; rendered on the server, the title goes into the page's head. */
export function useDocumentTitle(title: string | undefined) {
  if (title) renderScope()?.setTitle(title);
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Inkwell`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
