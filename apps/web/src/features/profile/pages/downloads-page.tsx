import { HardDriveDownload, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButton } from '../../../components/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { canKeepOffline, expiresAt, removeDownload, useDownloads, type Download } from '../../../lib/offline/downloads';
import { useFormat } from '../../../lib/i18n/format';
import { richText } from '../../../lib/i18n/rich';
import { useLocale, useT, type Translate } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../messages';

/** 1.2 MB, 830 KB: a size as people read it, in the page's language. */
function formatBytes(t: Translate, locale: string, bytes: number): string {
  if (bytes >= 1_000_000) {
    const size = new Intl.NumberFormat(locale === 'en-XA' ? 'en' : locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: false,
    }).format(bytes / 1_000_000);
    return t('profile.downloads.megabytes', { size });
  }
  return t('profile.downloads.kilobytes', { size: Math.max(1, Math.round(bytes / 1000)) });
}

function DownloadRow({ download }: { download: Download }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const toast = useToast();
  const remove = async () => {
    await removeDownload(download.chapterId);
    toast({ message: t('profile.downloads.deleted', { chapter: download.chapterTitle }), type: 'success', duration: 3000 });
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="download-row">
      <div className="min-w-0 flex-1">
        <Link
          to={`/SeriesView/${download.seriesSlug}/${download.chapterSlug}`}
          className="block truncate font-medium text-zinc-100 hover:underline"
        >
          {download.seriesTitle} · {download.chapterTitle}
        </Link>
        <p className="text-sm text-zinc-400">
          {richText(t('profile.downloads.sizeKeptUntil', { date: format.date(expiresAt(download).toISOString()) }), {
            size: () => <span data-testid="download-size">{formatBytes(t, locale, download.bytes)}</span>,
          })}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void remove()}
        className={secondaryButton}
        aria-label={t('profile.downloads.deleteLabel', { series: download.seriesTitle, chapter: download.chapterTitle })}
      >
        <Trash2 className="size-4" aria-hidden />
        {t('profile.downloads.delete')}
      </button>
    </li>
  );
}

/** /profile/downloads: the chapters kept on this device for reading offline (issue 21 §3). */
export default function DownloadsPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t('profile.downloads.title'));
  const downloads = useDownloads();
  const total = downloads.reduce((sum, download) => sum + download.bytes, 0);
  return (
    <section className="space-y-4">
      <header>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
          <HardDriveDownload className="size-5 text-accent-400" aria-hidden />
          {t('profile.downloads.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-400">{t('profile.downloads.intro')}</p>
      </header>
      {!canKeepOffline() ? (
        <p className="text-sm text-zinc-400">{t('profile.downloads.unsupported')}</p>
      ) : downloads.length === 0 ? (
        <p
          className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-center text-sm text-zinc-400"
          data-testid="downloads-empty"
        >
          {t('profile.downloads.empty')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900 px-4">
            {downloads.map((download) => (
              <DownloadRow key={download.chapterId} download={download} />
            ))}
          </ul>
          <p className="text-sm text-zinc-400" data-testid="downloads-total">
            {t('profile.downloads.total', { count: downloads.length, size: formatBytes(t, locale, total) })}
          </p>
        </>
      )}
    </section>
  );
}
