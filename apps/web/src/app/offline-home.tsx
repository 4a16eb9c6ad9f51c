// i18n: not yet in the catalogues (issue 35)
import { CloudOff, HardDriveDownload } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButton } from '../components/button-styles';
import { useDownloads } from '../lib/offline/downloads';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Issue 33 §1: what the app opens on without a network (its start page, or any page that could not
 * load): says so, and leads to the chapters kept on this device, which open offline.
 */
export default function OfflineHome() {
  useDocumentTitle('You are offline');
  const downloads = useDownloads();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12" data-testid="offline-home">
      <header className="flex flex-col items-center gap-3 text-center">
        <CloudOff className="size-8 text-zinc-400" aria-hidden />
        <h1 className="text-xl font-semibold text-zinc-100">You are offline</h1>
        <p className="text-sm text-zinc-400">
          The rest of Inkwell comes back with the connection. Chapters kept on this device open now.
        </p>
      </header>
      <section aria-labelledby="offline-kept-heading" className="flex flex-col gap-3">
        <h2 id="offline-kept-heading" className="text-base font-semibold text-zinc-100">
          Kept on this device
        </h2>
        {downloads.length === 0 ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-4 text-sm text-zinc-400">
            No chapter is kept here yet. Keep one with the cloud button in the reader when you are online.
          </p>
        ) : (
          <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900 px-4">
            {downloads.map((download) => (
              <li key={download.chapterId} className="py-3">
                <Link
                  to={`/SeriesView/${download.seriesSlug}/${download.chapterSlug}`}
                  className="block font-medium text-zinc-100 hover:underline"
                >
                  {download.seriesTitle} · {download.chapterTitle}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/profile/downloads" className={secondaryButton}>
          <HardDriveDownload className="size-4" aria-hidden />
          Downloads
        </Link>
        <button type="button" className={secondaryButton} onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </div>
  );
}
