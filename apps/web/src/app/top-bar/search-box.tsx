import { Search } from 'lucide-react';

/** The top bar's search field (SPEC §2). */
export function SearchBox({ className = '' }: { className?: string }) {
  return (
    <form role="search" className={`relative ${className}`} onSubmit={(event) => event.preventDefault()}>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <input
        type="search"
        name="q"
        placeholder="Search series..."
        aria-label="Search series"
        autoComplete="off"
        className="w-full rounded-full border border-ink-700 bg-ink-900 py-2 pl-9 pr-4 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none"
      />
    </form>
  );
}
