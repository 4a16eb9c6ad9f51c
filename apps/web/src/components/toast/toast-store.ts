import { TOAST_DEFAULT_DURATION_MS, TOAST_EXIT_MS } from '@inkwell/contract';

/** SPEC §4: toast types; anything else falls back to info. */
const TOAST_TYPES = ['info', 'warn', 'error', 'success', 'loading', 'cancel'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export type ToastStatus = 'processing' | 'success' | 'error' | 'cancel';
/** A number of milliseconds, or 'infinite' to stay until removed by hand. */
type ToastDuration = number | 'infinite';

/** SPEC §3: the client's toast. `icon` names what the view draws. */
export interface Toast {
  id: string;
  icon: ToastIcon;
  message: string;
  duration: ToastDuration;
  type: ToastType;
  status: ToastStatus | undefined;
  /** True during the 300 ms fade before removal. */
  isLeaving: boolean;
}

export type ToastIcon = 'info' | 'warn' | 'error' | 'success' | 'spinner' | 'cancel';

export interface ShowToast {
  id?: string;
  message: string;
  type?: string;
  duration?: ToastDuration;
  status?: ToastStatus;
  /** With an id that is already shown: update that toast in place. */
  update?: boolean;
}

export function normalizeType(type: string | undefined): ToastType {
  return (TOAST_TYPES as readonly string[]).includes(type ?? '') ? (type as ToastType) : 'info';
}

/** SPEC §4: a loading toast spins while processing, then shows success, or error for error and cancel. */
export function iconFor(type: ToastType, status: ToastStatus | undefined): ToastIcon {
  if (type === 'loading') {
    if (status === 'success') return 'success';
    if (status === 'error' || status === 'cancel') return 'error';
    return 'spinner';
  }
  return type;
}

let counter = 0;

export function createToastStore(timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis) {
  let toasts: Toast[] = [];
  const listeners = new Set<() => void>();
  const fadeTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const clearTimers = (id: string) => {
    const fade = fadeTimers.get(id);
    const remove = removeTimers.get(id);
    if (fade) timers.clearTimeout(fade);
    if (remove) timers.clearTimeout(remove);
    fadeTimers.delete(id);
    removeTimers.delete(id);
  };

  /** Fades the toast, then removes it TOAST_EXIT_MS later. */
  const dismiss = (id: string) => {
    if (!toasts.some((t) => t.id === id)) return;
    clearTimers(id);
    toasts = toasts.map((t) => (t.id === id ? { ...t, isLeaving: true } : t));
    emit();
    removeTimers.set(
      id,
      timers.setTimeout(() => {
        removeTimers.delete(id);
        toasts = toasts.filter((t) => t.id !== id);
        emit();
      }, TOAST_EXIT_MS),
    );
  };

  const schedule = (toast: Toast) => {
    clearTimers(toast.id);
    if (toast.duration === 'infinite') return;
    fadeTimers.set(
      toast.id,
      timers.setTimeout(() => dismiss(toast.id), toast.duration),
    );
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,

    /** Shows a toast and returns its id. A duplicate id without `update` is ignored. */
    show(input: ShowToast): string {
      const existing = input.id ? toasts.find((t) => t.id === input.id) : undefined;
      if (existing && !input.update) return existing.id;
      const type = normalizeType(input.type ?? existing?.type);
      const status = input.status ?? (existing && input.type === undefined ? existing.status : undefined);
      const toast: Toast = {
        id: input.id ?? `toast-${++counter}`,
        message: input.message,
        type,
        status,
        icon: iconFor(type, status),
        duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
        isLeaving: false,
      };
      toasts = existing ? toasts.map((t) => (t.id === toast.id ? toast : t)) : [...toasts, toast];
      schedule(toast);
      emit();
      return toast.id;
    },
    dismiss,
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
