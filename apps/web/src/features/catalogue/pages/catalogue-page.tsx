import { SERIES_STATUSES, seriesStatusLabel } from '@inkwell/contract';
import { useId, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { useGenres } from '../api/list-genres';
import { seriesListQueryFor, useSeriesList, type CatalogueKind } from '../api/list-series';
import { SeriesGrid, SeriesGridSkeleton } from '../components/series-card';

const HEADINGS: Record<CatalogueKind, { title: string; intro: string }> = {
  comics: { title: 'Comics', intro: 'Webtoons and manga, read as a long strip or page by page.' },
  novels: { title: 'Novels', intro: 'Serialized web novels, with the typography you choose.' },
  premium: { title: 'Premium', intro: 'Series with chapters in early access or for premium readers.' },
};

const SORTS = [
  ['latest', 'Latest update'],
  ['popular', 'Popular'],
  ['new', 'Newest'],
  ['title', 'Title A–Z'],
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

/** /comics, /novels and /premium: filters and sorts live in the URL, so every view can be shared. */
export function CataloguePage({ kind }: { kind: CatalogueKind }) {
  const [params, setParams] = useSearchParams();
  const genres = useGenres();

  const query = useMemo(() => seriesListQueryFor(kind, params), [kind, params]);
  const list = useSeriesList(query);

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  const heading = HEADINGS[kind];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-white">{heading.title}</h1>
          <p className="mt-1 text-zinc-400">{heading.intro}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {kind === 'premium' && (
            <Select label="Type" value={params.get('type') ?? ''} onChange={(value) => setFilter('type', value)}>
              <option value="">All</option>
              <option value="comic">Comics</option>
              <option value="novel">Novels</option>
            </Select>
          )}
          <Select label="Genre" value={params.get('genre') ?? ''} onChange={(value) => setFilter('genre', value)}>
            <option value="">All genres</option>
            {genres.data?.map((genre) => (
              <option key={genre.id} value={genre.slug}>
                {genre.name}
              </option>
            ))}
          </Select>
          <Select label="Status" value={params.get('status') ?? ''} onChange={(value) => setFilter('status', value)}>
            <option value="">Any status</option>
            {SERIES_STATUSES.map((status) => (
              <option key={status} value={status}>
                {seriesStatusLabel(status)}
              </option>
            ))}
          </Select>
          <Select
            label="Sort"
            value={params.get('sort') ?? 'latest'}
            onChange={(value) => setFilter('sort', value === 'latest' ? '' : value)}
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      </header>

      <div className="mt-8" aria-busy={list.isFetching}>
        {list.isPending ? (
          <SeriesGridSkeleton />
        ) : list.isError ? (
          <LoadError message="We could not load this list. Please try again." onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-8 text-center text-zinc-400">
            No series match these filters.
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-zinc-400">{list.data.pagination.total} series</p>
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
