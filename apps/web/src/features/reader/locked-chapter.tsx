import type { ChapterSummary } from '@inkwell/contract';
import { Clock, Coins, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { countdown, formatDate } from '../../lib/time';

/** A chapter this reader cannot open yet: its price, and for early access a live countdown. */
export function LockedChapter({ chapter, onFree }: { chapter: ChapterSummary; onFree(): void }) {
  const { user } = useAuth();
  const freeAt = chapter.freeAt ? Date.parse(chapter.freeAt) : null;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (freeAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [freeAt]);

  const left = freeAt === null ? null : freeAt - now;
  useEffect(() => {
    // The moment it turns free, ask again: the server now sends the pages.
    if (left !== null && left <= 0) onFree();
  }, [left, onFree]);

  return (
    <section
      aria-labelledby="locked-heading"
      className="mx-auto my-12 max-w-lg rounded-2xl border border-amber-500/30 bg-ink-900 p-8 text-center"
    >
      <Lock className="mx-auto size-10 text-amber-300" aria-hidden />
      <h2 id="locked-heading" className="mt-4 text-2xl font-bold text-white">
        {chapter.access === 'early_access' ? 'Early access chapter' : 'Premium chapter'}
      </h2>
      <p className="mt-3 flex items-center justify-center gap-2 text-lg text-amber-200">
        <Coins className="size-5" aria-hidden />
        <span>
          Unlock for <strong>{chapter.price} coins</strong>
        </span>
      </p>
      {left !== null && chapter.freeAt && (
        <div className="mt-6 rounded-xl bg-ink-800 p-4">
          <p className="flex items-center justify-center gap-2 text-sm text-zinc-300">
            <Clock className="size-4" aria-hidden />
            Free for everyone on {formatDate(chapter.freeAt)}, in
          </p>
          <p
            className="mt-1 font-mono text-3xl font-bold tabular-nums text-white"
            role="timer"
            aria-live="off"
            data-testid="free-countdown"
          >
            {countdown(left)}
          </p>
        </div>
      )}
      <p className="mt-6 text-sm text-zinc-400">
        Premium subscribers read every chapter as soon as it is out; coins unlock a single chapter for good.
      </p>
      {!user && (
        <Link
          to="/login"
          className="mt-6 inline-block rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-500"
        >
          Log in
        </Link>
      )}
    </section>
  );
}
