import type { ReactNode } from 'react';

/**
 * Tables that become cards on a phone: below sm each row is a two-column grid (cells placed with
 * `order-*`, labelled with CellLabel); from sm up it is a table again. Roles are explicit because
 * a table shown as blocks loses them.
 */
export const stacked = {
  row: 'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-4 py-3 sm:table-row sm:p-0',
  /** A cell's padding and place from sm up. */
  cell: 'sm:order-none sm:px-4 sm:py-3',
  /** The actions cell: its buttons' own padding lines them up with the card's edge on a phone. */
  actions: '-mr-3 whitespace-nowrap text-right sm:order-none sm:mr-0 sm:px-2 sm:py-3',
};

/** The text button of a table row (Edit, Archive, Details…). */
export const rowButton = 'rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800 disabled:opacity-60';

/** A table's header cell. */
export function Th({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`whitespace-nowrap px-4 py-3 ${className}`}>
      {children}
    </th>
  );
}

/** A header cell that only screen readers hear (the column of a row's buttons). */
export function HiddenTh({ children }: { children: string }) {
  return (
    <Th>
      <span className="sr-only">{children}</span>
    </Th>
  );
}

/** A cell's column name, shown on a phone where the table has no header row. */
export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="text-xs text-zinc-400 sm:hidden">{children} </span>;
}

/**
 * A dashboard table in its bordered, scrolling box: `head` holds the header cells, `children` the
 * rows (each `<tr role="row" className={stacked.row}>` with cells placed by `stacked.cell`).
 */
export function StackedTable({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-ink-800">
      <table role="table" className="block w-full text-left text-sm sm:table">
        <thead className="hidden bg-ink-900 text-xs uppercase tracking-wide text-zinc-400 sm:table-header-group">
          <tr>{head}</tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-ink-800 sm:table-row-group">
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A label and its value, for cards, drawers and a record's details. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-zinc-100">{children}</dd>
    </div>
  );
}
