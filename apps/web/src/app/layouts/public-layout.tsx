import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../footer';
import { MaintenanceGate, useIsMaintenancePageShown } from '../maintenance-gate';
import { TopBar } from '../top-bar/top-bar';

/**
 * The public pages' frame. The main column is at least a screen tall, so the footer starts below
 * the fold and is never pushed down when a page's content arrives (SPEC §6 layout stability).
 */
function PublicShell({ children }: { children?: ReactNode }) {
  const isDown = useIsMaintenancePageShown();
  return (
    <div className="flex min-h-screen flex-col">
      {!isDown && <TopBar />}
      <main id="main" className="min-h-screen flex-1">
        {children}
      </main>
      {!isDown && <Footer />}
    </div>
  );
}

export function PublicLayout() {
  return (
    <PublicShell>
      <MaintenanceGate>
        <Outlet />
      </MaintenanceGate>
    </PublicShell>
  );
}

/** While a page's code loads on a cold start: the frame, with an empty main column. */
export function PublicLayoutFallback() {
  return <PublicShell />;
}
