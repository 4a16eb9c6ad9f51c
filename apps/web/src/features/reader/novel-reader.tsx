import '@fontsource/opendyslexic/400.css';
import { useEffect, useMemo, useRef } from 'react';
import { NOVEL_FONTS, NOVEL_THEMES, NOVEL_WIDTHS, type NovelSettings } from './reader-settings';
import { withReadingStats } from './reading-stats';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n-context';

/**
 * A novel chapter in the reader's own typography. The HTML was sanitized by the server when it
 * was saved; it is shown as it is.
 */
export function NovelReader({
  html,
  settings,
  onNearEnd,
  isPreview = false,
}: {
  html: string;
  settings: NovelSettings;
  onNearEnd(): void;
  /** The paywall preview of a locked chapter: its end fades out, and the page is only as tall as the text. */
  isPreview?: boolean;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const nearEndRef = useRef(onNearEnd);
  nearEndRef.current = onNearEnd;
  // Its length under its title (issue 33 §10); a paywall's preview is only part of the text, so has none.
  const t = useT();
  const format = useFormat();
  const shown = useMemo(() => (isPreview ? html : withReadingStats(html, t, format)), [html, isPreview, t, format]);

  useEffect(() => {
    if (!endRef.current || isPreview) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          nearEndRef.current();
          observer.disconnect();
        }
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(endRef.current);
    return () => observer.disconnect();
  }, [html, isPreview]);

  return (
    <div
      className={`${isPreview ? '' : 'min-h-screen'} px-4 py-10 transition-colors ${NOVEL_THEMES[settings.theme].className}`}
      data-testid="novel-page"
      data-theme={settings.theme}
    >
      <article
        data-testid="novel-text"
        // A preview's last lines fade into the page, whatever its theme's colour.
        className={`novel-text mx-auto ${isPreview ? 'mask-b-from-[max(50%,calc(100%-10rem))] mask-b-to-100%' : ''}`}
        style={{
          fontFamily: NOVEL_FONTS[settings.font].stack,
          fontSize: `${settings.size}px`,
          lineHeight: settings.lineHeight,
          maxWidth: `${NOVEL_WIDTHS[settings.width]}px`,
        }}
        dangerouslySetInnerHTML={{ __html: shown }}
      />
      <div ref={endRef} />
    </div>
  );
}
