import { AnnouncementsRow } from '../features/announcements/announcements-row';
import { HomePage } from '../features/catalogue/pages/home-page';
import { ContinueReadingRow } from '../features/library/components/continue-reading-row';

/** The home page with the rows other features own (decision 0008), composed here; a chunk of its own. */
export default function Home() {
  return <HomePage personalRow={<ContinueReadingRow />} newsRow={<AnnouncementsRow />} />;
}
