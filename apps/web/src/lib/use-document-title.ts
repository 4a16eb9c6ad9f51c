import { useEffect } from 'react';

/** Sets the tab's title while a page is shown (the server already wrote it for the first load). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Inkwell`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
