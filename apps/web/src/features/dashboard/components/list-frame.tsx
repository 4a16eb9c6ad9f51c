import type { Pagination as PageInfo } from '@inkwell/contract';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';

/** What the frame reads of a TanStack query: its states, its data and a way to try again. */
export interface ListQuery<TData> {
  isPending: boolean;
  isError: boolean;
  data: TData | undefined;
  refetch(): unknown;
}

/** A dashboard page's heading, with a line under it and its main action (New …) beside it. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-white">{title}</h1>
        {description && <p className="mt-1 text-sm text-zinc-400">{description}</p>}
      </div>
      {actions}
    </div>
  );
}

/** A list's search box; `label` is its accessible name ("Search users by username or e-mail"). */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  className = 'w-full sm:w-80',
}: {
  value: string;
  onChange(value: string): void;
  label: string;
  placeholder: string;
  className?: string;
}) {
  return (
    <div className={`relative ${className}`}>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="w-full rounded-lg border border-ink-700 bg-ink-900 py-2 pl-9 pr-3 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none focus:ring-2 focus:ring-accent-500"
      />
    </div>
  );
}

/** What a list says when it has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">{children}</p>;
}

/**
 * A query's three faces: a loading line, the error with "Try again", or (when there is something
 * to show) `children` with the data. `isEmpty` and `empty` say when and what to show instead.
 */
export function QueryState<TData>({
  query,
  loading,
  error,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery<TData>;
  loading: string;
  error: string;
  isEmpty?(data: TData): boolean;
  empty?: ReactNode;
  children(data: TData): ReactNode;
}) {
  if (query.isError) return <LoadError message={error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <p className="text-zinc-400">{loading}</p>;
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}

interface ListFrameProps<T> {
  title: string;
  description?: ReactNode;
  /** Beside the title: the page's main action. */
  actions?: ReactNode;
  /** Under the title: the search box and the filters, in a row that wraps. */
  filters?: ReactNode;
  query: ListQuery<{ items: T[]; pagination: PageInfo }>;
  loading: string;
  error: string;
  /** What an empty page says (usually one text for "nothing matches", one for "nothing yet"). */
  empty: ReactNode;
  /** "53 users": the count over the list, for lists where it helps. */
  count?(total: number): string;
  /** The page of items: a table or a list. */
  children(items: T[]): ReactNode;
}

/**
 * The frame of a dashboard list page: title, filters, and the page of items from the server with
 * its loading, error and empty states, its count and its page links (kept in the URL).
 */
export function ListFrame<T>({
  title,
  description,
  actions,
  filters,
  query,
  loading,
  error,
  empty,
  count,
  children,
}: ListFrameProps<T>) {
  return (
    <div>
      <PageHeader title={title} description={description} actions={actions} />
      {filters && <div className="mt-5 flex flex-wrap items-end gap-3">{filters}</div>}
      <div className="mt-5">
        <QueryState query={query} loading={loading} error={error} isEmpty={(data) => data.items.length === 0} empty={empty}>
          {({ items, pagination }) => (
            <>
              {count && (
                <p className="mb-2 text-xs text-zinc-400" aria-live="polite">
                  {count(pagination.total)}
                </p>
              )}
              {children(items)}
              <Pagination page={pagination.page} totalPages={pagination.totalPages} />
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
