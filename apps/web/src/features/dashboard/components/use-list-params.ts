import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** The value if it is one of `values`, else undefined: an edited URL shows a list, never an error. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * A dashboard list's search, filters and page, kept in the URL so a view can be reloaded and
 * shared: the search box's text goes to `q` 300 ms after typing stops; a search or a filter
 * starts again from the first page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const debounced = useDebouncedValue(text.trim(), 300);

  useEffect(() => {
    if ((params.get('q') ?? '') === debounced) return;
    const next = new URLSearchParams(params);
    if (debounced) next.set('q', debounced);
    else next.delete('q');
    next.delete('page');
    setParams(next, { replace: true });
  }, [debounced, params, setParams]);

  /** Sets (or, when empty, removes) several filters in one change of the URL. */
  const setFilters = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next, { replace: true });
  };
  const setFilter = (key: string, value: string) => setFilters({ [key]: value });

  return {
    params,
    text,
    setText,
    setFilter,
    setFilters,
    q: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}
