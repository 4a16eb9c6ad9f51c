import { useEffect, useState } from 'react';
import { useFormat } from '../../../lib/i18n/format';

/**
 * The time left until an early-access chapter turns free, ticking each second on its own (the
 * panel around it does not re-render); `onFree` is called once it has passed.
 */
export function FreeCountdown({ freeAt, onFree }: { freeAt: string; onFree(): void }) {
  const format = useFormat();
  const target = Date.parse(freeAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const left = target - now;
  const isFree = left <= 0;
  useEffect(() => {
    // The moment it turns free, ask again: the server now sends the pages.
    if (isFree) onFree();
  }, [isFree, onFree]);

  return (
    <span role="timer" aria-live="off" data-testid="free-countdown" className="font-mono tabular-nums" suppressHydrationWarning>
      {format.countdown(left)}
    </span>
  );
}
