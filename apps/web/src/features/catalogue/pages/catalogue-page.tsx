import { SEARCH_MIN_CHARS, SERIES_STATUSES } from '@inkwell/contract';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { useGenres } from '../api/list-genres';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import { seriesStatusText } from '../../../lib/i18n/labels';
import { isAskable, searchTextOf, seriesListQueryFor, useSeriesList, type CatalogueKind } from '../api/list-series';
import { SeriesGrid, SeriesGridSkeleton } from '../components/series-card';
import '../messages';

const HEADINGS: Record<CatalogueKind, { title: string; intro: string }> = {
  comics: { title: 'catalogue.list.comics.title', intro: 'catalogue.list.comics.intro' },
  novels: { title: 'catalogue.list.novels.title', intro: 'catalogue.list.novels.intro' },
  premium: { title: 'catalogue.list.premium.title', intro: 'catalogue.list.premium.intro' },
  browse: { title: 'catalogue.list.browse.title', intro: 'catalogue.list.browse.intro' },
  search: { title: 'catalogue.list.search.title', intro: 'catalogue.list.search.intro' },
};

const SORTS = [
  ['relevance', 'catalogue.list.sort.relevance'],
  ['latest', 'catalogue.list.sort.latest'],
  ['popular', 'catalogue.list.sort.popular'],
  ['trending', 'catalogue.list.sort.trending'],
  ['new', 'catalogue.list.sort.new'],
  ['title', 'catalogue.list.sort.title'],
] as const;

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-wide text-zinc-400">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-zinc-100 focus:border-accent-500 focus:outline-none"
      >
        {children}
      </select>
    </div>
  );
}

/** The results page's own field: the search is in the URL, so a results page can be reloaded and shared. */
function SearchField({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const t = useT();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      role="search"
      className="relative mt-4 w-full max-w-xl"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <input
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('common.search.placeholder')}
        aria-label={t('catalogue.list.searchLabel')}
        autoComplete="off"
        className="w-full rounded-full border border-ink-700 bg-ink-900 py-2.5 pl-9 pr-24 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none"
      />
      <button
        type="submit"
        className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded-full bg-accent-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-accent-500"
      >
        {t('catalogue.list.searchButton')}
      </button>
    </form>
  );
}

/** /comics, /novels, /premium and /search: filters and sorts live in the URL, so every view can be shared. */
export function CataloguePage({ kind }: { kind: CatalogueKind }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const genres = useGenres();

  const query = useMemo(() => seriesListQueryFor(kind, params), [kind, params]);
  const askable = isAskable(kind, query);
  const list = useSeriesList(query, askable);
  const searchText = searchTextOf(params);
  const isSearch = kind === 'search';

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  const heading = HEADINGS[kind];
  useDocumentTitle(isSearch && searchText ? t('catalogue.list.searchTitle', { text: searchText }) : t(heading.title));
  const defaultSort = isSearch ? 'relevance' : 'latest';
  const hasTypeFilter = kind === 'premium' || kind === 'browse' || isSearch;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-white">{t(heading.title)}</h1>
          <p className="mt-1 text-zinc-400">{t(heading.intro)}</p>
          {isSearch && <SearchField value={searchText} onSearch={(text) => setFilter('q', text)} />}
        </div>
        <div className="flex flex-wrap gap-3">
          {hasTypeFilter && (
            <Select
              label={t('catalogue.list.filter.type')}
              value={params.get('type') ?? ''}
              onChange={(value) => setFilter('type', value)}
            >
              <option value="">{t('catalogue.list.filter.allTypes')}</option>
              <option value="comic">{t('catalogue.list.filter.comics')}</option>
              <option value="novel">{t('catalogue.list.filter.novels')}</option>
            </Select>
          )}
          <Select
            label={t('catalogue.list.filter.genre')}
            value={params.get('genre') ?? ''}
            onChange={(value) => setFilter('genre', value)}
          >
            <option value="">{t('catalogue.list.filter.allGenres')}</option>
            {genres.data?.map((genre) => (
              <option key={genre.id} value={genre.slug}>
                {genre.name}
              </option>
            ))}
          </Select>
          <Select
            label={t('catalogue.list.filter.status')}
            value={params.get('status') ?? ''}
            onChange={(value) => setFilter('status', value)}
          >
            <option value="">{t('catalogue.list.filter.anyStatus')}</option>
            {SERIES_STATUSES.map((status) => (
              <option key={status} value={status}>
                {seriesStatusText(t, status)}
              </option>
            ))}
          </Select>
          <Select
            label={t('catalogue.list.filter.sort')}
            value={params.get('sort') ?? defaultSort}
            onChange={(value) => setFilter('sort', value === defaultSort ? '' : value)}
          >
            {SORTS.filter(([value]) => isSearch || value !== 'relevance').map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </Select>
        </div>
      </header>

      <div className="mt-8" aria-busy={list.isFetching}>
        {!askable ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-8 text-center text-zinc-400">
            {searchText ? t('common.search.tooShort', { count: SEARCH_MIN_CHARS }) : t('catalogue.list.searchPrompt')}
          </p>
        ) : list.isPending ? (
          <SeriesGridSkeleton />
        ) : list.isError ? (
          <LoadError message={t('catalogue.list.loadError')} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-8 text-center text-zinc-400">
            {!isSearch
              ? t('catalogue.list.emptyFiltered')
              : ['type', 'genre', 'status'].some((key) => params.get(key))
                ? t('catalogue.list.noMatchFiltered', { text: searchText })
                : t('catalogue.list.noMatch', { text: searchText })}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-zinc-400" aria-live="polite">
              {isSearch
                ? t('catalogue.list.countFor', { count: list.data.pagination.total, text: searchText })
                : t('catalogue.list.count', { count: list.data.pagination.total })}
            </p>
            <SeriesGrid items={list.data.items} eagerCount={6} />
            <Pagination page={list.data.pagination.page} totalPages={list.data.pagination.totalPages} />
          </>
        )}
      </div>
    </div>
  );
}

export const ComicsPage = () => <CataloguePage kind="comics" />;
export const NovelsPage = () => <CataloguePage kind="novels" />;
export const PremiumPage = () => <CataloguePage kind="premium" />;
export const SearchPage = () => <CataloguePage kind="search" />;
export const BrowsePage = () => <CataloguePage kind="browse" />;
