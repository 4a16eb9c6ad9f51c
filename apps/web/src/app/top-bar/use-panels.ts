import { MOBILE_BREAKPOINT_PX } from '@inkwell/contract';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useDismiss } from '../../lib/use-dismiss';

/** 'search' is the small screen's search row, opened by its button in the bar. */
export type PanelName = 'series' | 'mobile' | 'user' | 'notifications' | 'search';

/** The panel open, and the page it was opened on. */
interface OpenPanel {
  name: PanelName;
  page: string;
}

/** Paths compared as the reader sees them (an address may arrive percent-encoded or not). */
function samePage(a: string, b: string): boolean {
  const decode = (path: string) => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  };
  return decode(a) === decode(b);
}

/**
 * SPEC §4 Menu panels: the series dropdown, mobile menu, user menu and notifications are
 * mutually exclusive; a click outside closes them; reaching 768 px closes the mobile menu (and
 * the mobile search row, whose field the bar then shows itself). Going to another page (a search
 * result, say) closes the panel opened on the page left, but not one the reader opened while the
 * next page was on its way: that page is the one it was opened on.
 *
 * `pathname` is the page drawn; `pendingPathname` the page being loaded, if any.
 */
export function usePanels(containerRef: RefObject<HTMLElement | null>, pathname: string, pendingPathname: string | undefined) {
  const [openPanel, setOpenPanel] = useState<OpenPanel | null>(null);
  // Read when a panel opens, not rendered.
  const pendingPage = useRef(pendingPathname);
  useEffect(() => {
    pendingPage.current = pendingPathname;
  });

  const toggle = useCallback((name: PanelName) => {
    // The page the reader is on or going to: a page being loaded, else the address, which moves to
    // the next page a moment before that page is drawn.
    const page = pendingPage.current ?? window.location.pathname;
    setOpenPanel((current) => (current?.name === name ? null : { name, page }));
  }, []);
  const close = useCallback(() => setOpenPanel(null), []);
  const closeUnlessOpenedOn = useCallback(
    (page: string) => setOpenPanel((current) => (current && !samePage(current.page, page) ? null : current)),
    [],
  );

  useEffect(() => closeUnlessOpenedOn(pathname), [pathname, closeUnlessOpenedOn]);

  useDismiss(containerRef, openPanel !== null, close);

  useEffect(() => {
    const handleResize = () => {
      if (window.innerWidth >= MOBILE_BREAKPOINT_PX) {
        setOpenPanel((current) => (current?.name === 'mobile' || current?.name === 'search' ? null : current));
      }
    };
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, []);

  return { toggle, close, isOpen: (name: PanelName) => openPanel?.name === name };
}
