import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, seriesStatusLabel, type SearchResult } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { searchSeriesQueryOptions } from '../api/search-series';

/** SPEC §5, §8: the panel's texts. */
export const SEARCH_TEXTS = {
  tooShort: 'Please enter at least 3 characters to search.',
  loading: 'Searching for related series...',
  error: 'Error searching series. Please try again.',
  empty: 'No series found matching your search.',
} as const;

function ResultItem({ result, onChoose }: { result: SearchResult; onChoose(): void }) {
  return (
    <li>
      <Link
        to={`/seriesView/${result.slug}`}
        onClick={onChoose}
        className="flex gap-3 rounded-lg p-2 hover:bg-ink-800 focus:bg-ink-800 focus:outline-none"
      >
        {result.cover ? (
          <img
            src={result.cover}
            width={40}
            height={60}
            alt=""
            loading="lazy"
            className="h-15 w-10 shrink-0 rounded object-cover"
          />
        ) : (
          <span className="h-15 w-10 shrink-0 rounded bg-ink-800" aria-hidden />
        )}
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-white">{result.title}</span>
          {result.alternativeNames && <span className="block truncate text-xs text-zinc-400">{result.alternativeNames}</span>}
          <span className="mt-0.5 block text-xs text-accent-400">{seriesStatusLabel(result.status)}</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The top bar's search (SPEC §4, §5, §8, §9): debounced 350 ms; under 3 characters the
 * too-short message; then loading, error, empty or results. Results link to /seriesView/{slug}.
 */
export function SearchBox({ className = '', autoFocus = false }: { className?: string; autoFocus?: boolean }) {
  const [text, setText] = useState('');
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

  // Leaving the page (a result was chosen) closes the panel.
  const shownOn = useRef(location.pathname);
  useEffect(() => {
    if (shownOn.current === location.pathname) return;
    shownOn.current = location.pathname;
    setIsOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: MouseEvent | TouchEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('mousedown', handlePointer);
    document.addEventListener('touchstart', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('mousedown', handlePointer);
      document.removeEventListener('touchstart', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  let body;
  if (!isLongEnough) body = <p className="p-3 text-sm text-zinc-400">{SEARCH_TEXTS.tooShort}</p>;
  else if (debounced !== trimmed || results.isFetching)
    body = (
      <p className="p-3 text-sm text-zinc-300" role="status">
        {SEARCH_TEXTS.loading}
      </p>
    );
  else if (results.isError)
    body = (
      <p className="p-3 text-sm text-rose-300" role="alert">
        {SEARCH_TEXTS.error}
      </p>
    );
  else if (!results.data || results.data.length === 0) body = <p className="p-3 text-sm text-zinc-400">{SEARCH_TEXTS.empty}</p>;
  else {
    body = (
      <ul className="max-h-[60vh] overflow-y-auto p-1" aria-label="Search results">
        {results.data.map((result) => (
          <ResultItem key={result.id} result={result} onChoose={() => setIsOpen(false)} />
        ))}
      </ul>
    );
  }

  return (
    <form ref={containerRef} role="search" className={`relative ${className}`} onSubmit={(event) => event.preventDefault()}>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <input
        type="search"
        name="q"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        placeholder="Search series..."
        aria-label="Search series"
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
          aria-label="Search"
          aria-live="polite"
          className="absolute right-0 top-full z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-ink-700 bg-ink-900 shadow-2xl"
        >
          {body}
        </div>
      )}
    </form>
  );
}
