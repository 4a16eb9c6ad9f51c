import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { createToastStore, type ShowToast, type ToastStore } from './toast-store';

const ToastContext = createContext<ToastStore | undefined>(undefined);

export function ToastProvider({ children, store }: { children: ReactNode; store?: ToastStore }) {
  const value = useMemo(() => store ?? createToastStore(), [store]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

export function useToastStore(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToast must be used inside ToastProvider');
  return store;
}

/** `toast({ message, type, duration, id, update, status })`, and `toast.dismiss(id)`. */
export function useToast() {
  const store = useToastStore();
  return useMemo(() => Object.assign((input: ShowToast) => store.show(input), { dismiss: store.dismiss }), [store]);
}

export function useToasts() {
  const store = useToastStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
