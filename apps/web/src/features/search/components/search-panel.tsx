import { SEARCH_MIN_CHARS, type SearchResult } from '@inkwell/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdultBadge } from '../../../components/adult-badge';
import { useT } from '../../../lib/i18n/i18n-context';
import { seriesStatusText } from '../../../lib/i18n/labels';
import { resultPath, resultsPagePath } from './search-paths';
import '../../../lib/i18n/later-messages';

// The search box's panel, drawn once the reader is in the field: a chunk of its own, fetched when
// the browser is idle (search-box.tsx), with its words in common.later.json (issue 35: the first
// page's JavaScript holds only the field).

function ResultItem({
  result,
  id,
  isActive,
  onChoose,
}: {
  result: SearchResult;
  id: string;
  isActive: boolean;
  onChoose(): void;
}) {
  const t = useT();
  return (
    <li id={id} role="option" aria-selected={isActive}>
      <Link
        to={resultPath(result)}
        onClick={onChoose}
        tabIndex={-1}
        className={`flex gap-3 rounded-lg p-2 hover:bg-ink-800 focus:bg-ink-800 focus:outline-none ${isActive ? 'bg-ink-800 ring-1 ring-inset ring-accent-500/60' : ''}`}
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
          <span className="flex items-center gap-1.5">
            <span className="truncate text-sm font-semibold text-white">{result.title}</span>
            {result.isAdult && <AdultBadge className="shrink-0" />}
          </span>
          {result.alternativeNames && <span className="block truncate text-xs text-zinc-400">{result.alternativeNames}</span>}
          <span className="mt-0.5 block text-xs text-accent-400">{seriesStatusText(t, result.status)}</span>
        </span>
      </Link>
    </li>
  );
}

/** The panel's text as the search goes (too short, loading, error, empty), or the results. */
export function PanelBody({
  text,
  isSettling,
  results,
  fullScreen,
  active,
  optionId,
  onChoose,
}: {
  text: string;
  /** The text is still being typed: it is not searched yet. */
  isSettling: boolean;
  results: UseQueryResult<SearchResult[]>;
  fullScreen: boolean;
  active: number;
  optionId(index: number): string;
  onChoose(): void;
}) {
  const t = useT();
  if (text.length < SEARCH_MIN_CHARS)
    return <p className="p-3 text-sm text-zinc-400">{t('common.search.tooShort', { count: SEARCH_MIN_CHARS })}</p>;
  if (isSettling || results.isFetching)
    return (
      <p className="p-3 text-sm text-zinc-300" role="status">
        {t('common.search.loading')}
      </p>
    );
  if (results.isError)
    return (
      <p className="p-3 text-sm text-rose-300" role="alert">
        {t('common.search.error')}
      </p>
    );
  if (!results.data || results.data.length === 0) return <p className="p-3 text-sm text-zinc-400">{t('common.search.empty')}</p>;
  return (
    <>
      <ul
        role="listbox"
        className={`${fullScreen ? '' : 'max-h-[60vh] overflow-y-auto'} p-1`}
        aria-label={t('common.search.results')}
      >
        {results.data.map((result, index) => (
          <ResultItem key={result.id} id={optionId(index)} result={result} isActive={active === index} onChoose={onChoose} />
        ))}
      </ul>
      <Link
        id={optionId(results.data.length)}
        to={resultsPagePath(text)}
        onClick={onChoose}
        tabIndex={-1}
        className={`block border-t border-ink-800 px-3 py-2.5 text-center text-sm font-semibold text-accent-400 hover:bg-ink-800 ${active === results.data.length ? 'bg-ink-800' : ''}`}
      >
        {t('common.search.seeAll', { text })}
      </Link>
    </>
  );
}
