import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  /** A line under the title (an id, an e-mail). */
  subtitle?: ReactNode;
  /** The close button's accessible name ("Close the purchase"). */
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * One record's details in a panel at the side of its list. Focus moves into the panel when it
 * opens and back to what opened it when it closes; Escape, the close button or a click beside
 * the panel close it.
 */
export function DetailDrawer({ title, subtitle, closeLabel, onClose, children }: Props) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex justify-end">
      <div className="absolute inset-0 bg-black/60" onClick={onClose} aria-hidden />
      <aside
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex h-full w-full max-w-md flex-col overflow-y-auto border-l border-ink-800 bg-ink-900 p-5 shadow-2xl"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-bold text-white">
              {title}
            </h2>
            {subtitle && <p className="truncate font-mono text-xs text-zinc-400">{subtitle}</p>}
          </div>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="rounded-lg p-2 text-zinc-300 hover:bg-ink-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        {children}
      </aside>
    </div>
  );
}
