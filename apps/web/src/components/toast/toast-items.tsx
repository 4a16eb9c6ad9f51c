import { AlertTriangle, CheckCircle2, Info, Loader2, X, XCircle } from 'lucide-react';
import { useT } from '../../lib/i18n/i18n-context';
import '../../lib/i18n/later-messages';
import type { Toast, ToastIcon } from './toast-store';
import { useToastStore } from './toast-context';

// The toasts themselves (toaster.tsx): a chunk of their own, fetched when the browser is idle or
// with the first toast, so a page's first JavaScript holds only their live region; their words are
// in common.later.json.

const ICONS: Record<ToastIcon, { Icon: typeof Info; className: string; label: string }> = {
  info: { Icon: Info, className: 'text-sky-400', label: 'common.components.toast.info' },
  warn: { Icon: AlertTriangle, className: 'text-amber-400', label: 'common.components.toast.warn' },
  error: { Icon: XCircle, className: 'text-rose-400', label: 'common.components.toast.error' },
  cancel: { Icon: XCircle, className: 'text-zinc-400', label: 'common.components.toast.cancel' },
  success: { Icon: CheckCircle2, className: 'text-emerald-400', label: 'common.components.toast.success' },
  spinner: { Icon: Loader2, className: 'animate-spin text-accent-400', label: 'common.components.toast.spinner' },
};

/** Each toast shown: its icon, its message and a close button. */
export function ToastItems({ toasts }: { toasts: readonly Toast[] }) {
  const t = useT();
  const store = useToastStore();
  return (
    <>
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
    </>
  );
}
