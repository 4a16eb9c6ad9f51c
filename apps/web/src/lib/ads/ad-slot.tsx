import { createContext, useContext, type ComponentType } from 'react';

/** Where an ad slot sits: under a chapter (before the next-chapter button), under a series' chapter list, on home. */
export type AdPlacement = 'chapter-end' | 'series-chapters' | 'home';

type AdSlotComponent = ComponentType<{ placement: AdPlacement }>;

const AdSlotContext = createContext<AdSlotComponent | null>(null);

/**
 * The app hands the ads feature's slot down, so the reader, the series page and home can show ads
 * without importing another feature (decision 0008).
 */
export const AdSlotProvider = AdSlotContext.Provider;

/** An ad, where one belongs on a public reading page; nothing for those who see none. */
export function AdSlot({ placement }: { placement: AdPlacement }) {
  const Slot = useContext(AdSlotContext);
  return Slot ? <Slot placement={placement} /> : null;
}
