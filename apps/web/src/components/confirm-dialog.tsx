import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n-context';
import { primaryButton, secondaryButton } from './button-styles';
// Only parts fetched after a page opens ask to confirm: their words are in common.later.json.
import '../lib/i18n/later-messages';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Run on confirming. A promise keeps the dialog open and busy; it closes when it resolves. */
  onConfirm(): Promise<unknown> | void;
  onClose(): void;
  /** What to show when `onConfirm` rejects (the dialog stays open). */
  renderError?(error: unknown): ReactNode;
  /** The action cannot be taken as things stand (the dialog's text says why). */
  isConfirmDisabled?: boolean;
}

/**
 * A modal question with Cancel and one action, on the browser's own `<dialog>` (focus kept inside,
 * Escape cancels, the page behind is inert), so it costs next to nothing in the bundle.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  renderError,
  isConfirmDisabled = false,
}: ConfirmDialogProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const isMounted = useRef(true);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // jsdom has no showModal; there the dialog is simply open.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    confirmRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const handleConfirm = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await onConfirm();
      if (isMounted.current) onClose();
    } catch (caught) {
      if (isMounted.current) setError(caught ?? new Error('failed'));
    } finally {
      if (isMounted.current) setIsBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-busy={isBusy}
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-ink-700 bg-ink-900 p-6 text-left text-zinc-100 shadow-2xl shadow-black/60 backdrop:bg-black/70"
    >
      <h2 id={titleId} className="text-lg font-bold text-white">
        {title}
      </h2>
      <div className="mt-2 text-sm text-zinc-300">{children}</div>
      {error !== null && renderError && (
        <div role="alert" className="mt-4 rounded-lg border border-rose-500/30 bg-rose-500/10 p-3 text-sm text-rose-200">
          {renderError(error)}
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} disabled={isBusy} className={secondaryButton}>
          {t('common.components.confirm.cancel')}
        </button>
        <button
          ref={confirmRef}
          type="button"
          onClick={() => void handleConfirm()}
          disabled={isBusy || isConfirmDisabled}
          className={primaryButton}
        >
          {isBusy && <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden />}
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
