import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

type Check = () => boolean;
interface Registry {
  /** Adds a form's "has unsaved changes" check; returns its removal. */
  register(check: Check): () => void;
}

const GuardContext = createContext<Registry | null>(null);

/**
 * Asks before the editor leaves a page while a form on it has unsaved changes: a link or Back
 * inside the app opens a question, closing the tab or reloading gets the browser's own.
 * A router takes one blocker only, so one guard serves every form below it; a LeaveGuard inside
 * another is just a pass-through (the team layout has one, a form makes sure there is one).
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const parent = useContext(GuardContext);
  if (parent) return children;
  return <GuardRoot>{children}</GuardRoot>;
}

function GuardRoot({ children }: { children: ReactNode }) {
  const t = useT();
  const checks = useRef(new Set<Check>());
  const isLeaving = useRef(false);
  const registry = useMemo<Registry>(
    () => ({
      register(check) {
        checks.current.add(check);
        return () => void checks.current.delete(check);
      },
    }),
    [],
  );
  const hasUnsaved = useCallback(() => [...checks.current].some((check) => check()), []);
  // Search and tab changes stay on the page; only another page counts as leaving.
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsaved(),
      [hasUnsaved],
    ),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (hasUnsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsaved]);

  useEffect(() => {
    if (blocker.state === 'unblocked') isLeaving.current = false;
  }, [blocker.state]);

  const isBlocked = blocker.state === 'blocked';
  return (
    <GuardContext.Provider value={registry}>
      {children}
      {isBlocked && (
        <ConfirmDialog
          title={t('dashboard.leave.title')}
          confirmLabel={t('dashboard.leave.confirm')}
          onConfirm={() => {
            isLeaving.current = true;
            blocker.proceed();
          }}
          onClose={() => {
            // Closing after "Leave" must not cancel the navigation it let through.
            if (!isLeaving.current) blocker.reset();
          }}
        >
          {t('dashboard.leave.body')}
        </ConfirmDialog>
      )}
    </GuardContext.Provider>
  );
}

/** Registers a form with the LeaveGuard above it: `hasUnsaved` is asked at the moment of leaving. */
export function useLeaveGuard(hasUnsaved: Check) {
  const registry = useContext(GuardContext);
  const check = useRef(hasUnsaved);
  useLayoutEffect(() => {
    check.current = hasUnsaved;
  });
  useEffect(() => registry?.register(() => check.current()), [registry]);
}
