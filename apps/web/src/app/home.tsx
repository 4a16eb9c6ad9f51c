import { AnnouncementsRow } from '../features/announcements/announcements-row';
import { HomePage } from '../features/catalogue/pages/home-page';
import { ContinueReadingRow } from '../features/library/components/continue-reading-row';
import { useIsOnline } from '../lib/offline/use-is-online';
import { OfflinePage } from './offline-page';

/**
 * The home page with the rows other features own (decision 0008), composed here; a chunk of its own.
 * Offline, the app starts on what it can open: the chapters kept on this device (issue 33 §1).
 */
export default function Home() {
  const isOnline = useIsOnline();
  if (!isOnline) return <OfflinePage />;
  return <HomePage personalRow={<ContinueReadingRow />} newsRow={<AnnouncementsRow />} />;
}
