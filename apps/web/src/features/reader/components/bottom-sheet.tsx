import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/** A panel that rises from the bottom of a phone's screen (the reader's chapter list and settings); `closeLabel` names its close button. */
export function BottomSheet({
  title,
  closeLabel,
  onClose,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
}) {
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-[65] md:hidden">
      <button
        type="button"
        aria-label={t('reader.sheet.close')}
        tabIndex={-1}
        onClick={onClose}
        className="absolute inset-0 bg-black/60"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        // The global :focus-visible ring sits outside Tailwind's layers: the panel takes focus only to hold it.
        style={{ outline: 'none' }}
        className="absolute inset-x-0 bottom-0 flex max-h-[75vh] flex-col rounded-t-2xl border-t border-ink-700 bg-ink-900 p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] text-zinc-100 shadow-2xl"
      >
        {/* The title and its close button stay in place while the sheet's content scrolls under them. */}
        <div className="mb-3 flex shrink-0 items-center justify-between">
          <h2 className="text-base font-semibold text-zinc-100">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="rounded-lg p-1.5 text-zinc-300 hover:bg-ink-800"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div className="min-h-0 overflow-y-auto" data-testid="sheet-body">
          {children}
        </div>
      </div>
    </div>
  );
}
