import type { ChapterContent } from '@inkwell/contract';
import { useEffect } from 'react';
import type { NovelTheme } from './reader-settings';

/** A novel in its light or sepia theme: the site's frame follows it (index.css). */
export function useReaderFrameTheme(data: ChapterContent | undefined, novelTheme: NovelTheme) {
  const frameTheme = data?.series.type === 'novel' && novelTheme !== 'dark' ? novelTheme : undefined;
  useEffect(() => {
    if (!frameTheme) return;
    const root = document.documentElement;
    root.dataset.readerTheme = frameTheme;
    return () => {
      delete root.dataset.readerTheme;
    };
  }, [frameTheme]);
}
