import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyPart } from '../../../lib/lazy-part';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDismiss } from '../../../lib/use-dismiss';
import { useT } from '../../../lib/i18n/i18n-context';
import { searchSeriesQueryOptions } from '../api/search-series';
import { resultPath, resultsPagePath } from './search-paths';

// The top bar's search is on every page: the field's words are in `common`, which every page loads
// first; its panel, drawn only once the reader is in the field, comes when the browser is idle.

/** The panel's text and results (search-panel.tsx). */
export const SearchPanel = lazyPart('search-panel', () => import('./search-panel').then((module) => module.PanelBody), {
  preloadWhenIdle: true,
});

/** "/" anywhere but in a field goes to search, as on GitHub and MangaDex (issue 21 §1): the field's ref. */
function useSlashToSearch(fullScreen: boolean) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (fullScreen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (!inputRef.current || inputRef.current.offsetParent === null) return;
      event.preventDefault();
      inputRef.current.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [fullScreen]);
  return inputRef;
}

/**
 * The top bar's search (SPEC §4, §5, §8, §9): debounced 350 ms; under 3 characters the
 * too-short message; then loading, error, empty or results. Results link to /seriesView/{slug}.
 */
export function SearchBox({
  className = '',
  autoFocus = false,
  fullScreen = false,
}: {
  className?: string;
  autoFocus?: boolean;
  /** On a phone the panel fills the screen under the bar, and every result shows. */
  fullScreen?: boolean;
}) {
  const t = useT();
  const [text, setText] = useState('');
  // The result the arrow keys are on (-1: none, the field itself; results.length: "See all results").
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  // Opened from the mobile bar's button, the field takes the focus and shows its panel at once.
  const [isOpen, setIsOpen] = useState(autoFocus);
  const containerRef = useRef<HTMLFormElement>(null);
  const panelId = useId();
  const location = useLocation();
  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const isLongEnough = trimmed.length >= SEARCH_MIN_CHARS;
  const canSearch = debounced.length >= SEARCH_MIN_CHARS;

  const results = useQuery({ ...searchSeriesQueryOptions(debounced), enabled: canSearch });
  const isSettled = isLongEnough && debounced === trimmed && !results.isFetching && !results.isError;
  const shown = isSettled ? (results.data ?? []) : [];
  // New results: the arrow keys start again from the field.
  useEffect(() => setActive(-1), [results.data, trimmed]);
  const optionId = (index: number) => `${panelId}-option-${index}`;

  const openResultsPage = () => {
    if (!isLongEnough) return;
    setIsOpen(false);
    void navigate(resultsPagePath(trimmed));
  };
  const handleKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (shown.length === 0) return;
      event.preventDefault();
      setIsOpen(true);
      // The results, then "See all results", then round again.
      const count = shown.length + 1;
      setActive((current) => (event.key === 'ArrowDown' ? (current + 1) % count : (current - 1 + count) % count));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = shown[active];
      if (chosen) {
        setIsOpen(false);
        void navigate(resultPath(chosen));
      } else openResultsPage();
    }
  };

  // Leaving the page (a result was chosen) closes the panel.
  const shownOn = useRef(location.pathname);
  useEffect(() => {
    if (shownOn.current === location.pathname) return;
    shownOn.current = location.pathname;
    setIsOpen(false);
  }, [location.pathname]);

  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(containerRef, isOpen, close);

  const inputRef = useSlashToSearch(fullScreen);

  return (
    <form
      ref={containerRef}
      role="search"
      className={`relative ${className}`}
      // Focus leaving the field and its panel (Tab, a click elsewhere) closes the panel: it never sits over the page.
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        openResultsPage();
      }}
    >
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <input
        ref={inputRef}
        type="search"
        name="q"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onKeyDown={handleKeyDown}
        aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
        enterKeyHint="search"
        placeholder={t('common.search.placeholder')}
        aria-label={t('common.search.label')}
        aria-keyshortcuts={fullScreen ? undefined : '/'}
        aria-controls={isOpen ? panelId : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        className="w-full rounded-full border border-ink-700 bg-ink-900 py-2 pl-9 pr-4 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none"
      />
      {isOpen && (
        <div
          id={panelId}
          data-testid="search-panel"
          role="region"
          aria-label={t('common.search.panel')}
          aria-live="polite"
          className={
            fullScreen
              ? 'mt-3 rounded-xl border border-ink-800 bg-ink-900'
              : 'absolute right-0 top-full z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-ink-700 bg-ink-900 shadow-2xl'
          }
        >
          <SearchPanel
            text={trimmed}
            isSettling={debounced !== trimmed}
            results={results}
            fullScreen={fullScreen}
            active={active}
            optionId={optionId}
            onChoose={() => setIsOpen(false)}
          />
        </div>
      )}
    </form>
  );
}
