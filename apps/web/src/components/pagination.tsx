import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useT } from '../lib/i18n/i18n-context';
import '../lib/i18n/later-messages';

/** Pages as links (so they can be opened in a new tab and the URL says where you are). */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const t = useT();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (totalPages <= 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return `${pathname}${query ? `?${query}` : ''}`;
  };
  const numbers = [...new Set([1, page - 1, page, page + 1, totalPages])]
    .filter((n) => n >= 1 && n <= totalPages)
    .sort((a, b) => a - b);
  const base = 'flex h-9 min-w-9 items-center justify-center rounded-lg px-3 text-sm font-medium';
  return (
    <nav aria-label={t('common.components.pagination.label')} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link
          to={hrefFor(page - 1)}
          className={`${base} bg-ink-800 text-zinc-200 hover:bg-ink-700`}
          aria-label={t('common.components.pagination.previous')}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </Link>
      ) : null}
      {numbers.map((n, i) => (
        <span key={n} className="flex items-center gap-1">
          {i > 0 && n - numbers[i - 1]! > 1 && <span className="px-1 text-zinc-500">…</span>}
          <Link
            to={hrefFor(n)}
            aria-current={n === page ? 'page' : undefined}
            className={`${base} ${n === page ? 'bg-accent-600 text-white' : 'bg-ink-800 text-zinc-200 hover:bg-ink-700'}`}
          >
            {n}
          </Link>
        </span>
      ))}
      {page < totalPages ? (
        <Link
          to={hrefFor(page + 1)}
          className={`${base} bg-ink-800 text-zinc-200 hover:bg-ink-700`}
          aria-label={t('common.components.pagination.next')}
        >
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
