import { CloudOff, HardDriveDownload } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButton } from '../components/button-styles';
import { useT } from '../lib/i18n/i18n-context';
import { useDownloads } from '../lib/offline/downloads';
import { useDocumentTitle } from '../lib/use-document-title';
import '../lib/i18n/later-messages';

/**
 * Issue 33 §1: what the app opens on without a network (its start page, or any page that could not
 * load): says so, and leads to the chapters kept on this device, which open offline.
 */
export default function OfflineHome() {
  const t = useT();
  useDocumentTitle(t('common.app.offline.title'));
  const downloads = useDownloads();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12" data-testid="offline-home">
      <header className="flex flex-col items-center gap-3 text-center">
        <CloudOff className="size-8 text-zinc-400" aria-hidden />
        <h1 className="text-xl font-semibold text-zinc-100">{t('common.app.offline.title')}</h1>
        <p className="text-sm text-zinc-400">{t('common.app.offline.intro')}</p>
      </header>
      <section aria-labelledby="offline-kept-heading" className="flex flex-col gap-3">
        <h2 id="offline-kept-heading" className="text-base font-semibold text-zinc-100">
          {t('common.app.offline.keptHeading')}
        </h2>
        {downloads.length === 0 ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-4 text-sm text-zinc-400">{t('common.app.offline.empty')}</p>
        ) : (
          <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900 px-4">
            {downloads.map((download) => (
              <li key={download.chapterId} className="py-3">
                <Link
                  to={`/SeriesView/${download.seriesSlug}/${download.chapterSlug}`}
                  className="block font-medium text-zinc-100 hover:underline"
                >
                  {t('common.app.offline.keptChapter', {
                    series: download.seriesTitle,
                    chapter: download.chapterTitle,
                  })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/profile/downloads" className={secondaryButton}>
          <HardDriveDownload className="size-4" aria-hidden />
          {t('common.app.offline.downloads')}
        </Link>
        <button type="button" className={secondaryButton} onClick={() => window.location.reload()}>
          {t('common.app.offline.tryAgain')}
        </button>
      </div>
    </div>
  );
}
