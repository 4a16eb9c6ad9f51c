import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss';

/**
 * The reader's settings popover (wide screens) and bottom sheets (phones, the chapter list or the
 * settings): which is open, and how each closes.
 */
export function useReaderPanels() {
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [sheet, setSheet] = useState<'chapters' | 'settings' | null>(null);
  const closeSheet = useCallback(() => setSheet(null), []);
  const settingsRef = useRef<HTMLDivElement>(null);
  const closeSettings = useCallback(() => setIsSettingsOpen(false), []);
  useDismiss(settingsRef, isSettingsOpen, closeSettings);
  return {
    isSettingsOpen,
    toggleSettings: () => setIsSettingsOpen((open) => !open),
    settingsRef,
    sheet,
    openSheet: setSheet,
    closeSheet,
  };
}
export type ReaderPanels = ReturnType<typeof useReaderPanels>;
