import { MOBILE_BREAKPOINT_PX } from '@inkwell/contract';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useDismiss } from '../../lib/use-dismiss';

/** 'search' is the small screen's search row, opened by its button in the bar. */
export type PanelName = 'series' | 'mobile' | 'user' | 'notifications' | 'search';

/**
 * SPEC §4 Menu panels: the series dropdown, mobile menu, user menu and notifications are
 * mutually exclusive; a click outside closes them; reaching 768 px closes the mobile menu (and
 * the mobile search row, whose field the bar then shows itself).
 */
export function usePanels(containerRef: RefObject<HTMLElement | null>) {
  const [openPanel, setOpenPanel] = useState<PanelName | null>(null);

  const toggle = useCallback((name: PanelName) => setOpenPanel((current) => (current === name ? null : name)), []);
  const close = useCallback(() => setOpenPanel(null), []);

  useDismiss(containerRef, openPanel !== null, close);

  useEffect(() => {
    const handleResize = () => {
      if (window.innerWidth >= MOBILE_BREAKPOINT_PX) {
        setOpenPanel((current) => (current === 'mobile' || current === 'search' ? null : current));
      }
    };
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, []);

  return { openPanel, toggle, close, isOpen: (name: PanelName) => openPanel === name };
}
