import { AlertTriangle, CheckCircle2, Info, Loader2, X, XCircle } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/i18n-context';
import type { ToastIcon } from './toast-store';
import { useToasts, useToastStore } from './toast-context';

const ICONS: Record<ToastIcon, { Icon: typeof Info; className: string; label: string }> = {
  info: { Icon: Info, className: 'text-sky-400', label: 'common.components.toast.info' },
  warn: { Icon: AlertTriangle, className: 'text-amber-400', label: 'common.components.toast.warn' },
  error: { Icon: XCircle, className: 'text-rose-400', label: 'common.components.toast.error' },
  cancel: { Icon: XCircle, className: 'text-zinc-400', label: 'common.components.toast.cancel' },
  success: { Icon: CheckCircle2, className: 'text-emerald-400', label: 'common.components.toast.success' },
  spinner: { Icon: Loader2, className: 'animate-spin text-accent-400', label: 'common.components.toast.spinner' },
};

/**
 * While toasts show, the page gets room of their height at its end (--toast-room, index.css), so
 * the last rows of a list can always be scrolled out from under them (issue 33 §14).
 */
function useToastRoom(count: number) {
  const stack = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = stack.current;
    if (count === 0 || !element) {
      root.style.removeProperty('--toast-room');
      return;
    }
    const measure = () => root.style.setProperty('--toast-room', `${Math.ceil(element.getBoundingClientRect().height) + 16}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--toast-room');
    };
  }, [count]);
  return stack;
}

/**
 * Where toasts appear: bottom right, newest last, each with a close button; on a phone, above the
 * reader's bottom bar while it shows (it sets --toast-lift).
 */
export function Toaster() {
  const t = useT();
  const toasts = useToasts();
  const store = useToastStore();
  const stack = useToastRoom(toasts.length);
  return (
    <div
      ref={stack}
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-[60] max-md:bottom-[calc(1rem+var(--toast-lift,0px))] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((toast) => {
        const { Icon, className, label } = ICONS[toast.icon];
        return (
          <div
            key={toast.id}
            role={toast.type === 'error' ? 'alert' : 'status'}
            data-toast-type={toast.type}
            data-toast-icon={toast.icon}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border border-ink-700 bg-ink-800 px-4 py-3 shadow-xl shadow-black/40 ${
              toast.isLeaving ? 'toast-exit' : 'toast-enter'
            }`}
          >
            <Icon aria-label={t(label)} className={`mt-0.5 size-5 shrink-0 ${className}`} />
            <p className="flex-1 text-sm text-zinc-100">{toast.message}</p>
            <button
              type="button"
              onClick={() => store.dismiss(toast.id)}
              className="rounded p-0.5 text-zinc-400 hover:text-zinc-100"
              aria-label={t('common.components.toast.dismiss')}
            >
              <X className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
