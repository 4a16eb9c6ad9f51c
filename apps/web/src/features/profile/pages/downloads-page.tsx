// i18n: not yet in the catalogues (issue 35)
import { HardDriveDownload, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButton } from '../../../components/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { canKeepOffline, expiresAt, removeDownload, useDownloads, type Download } from '../../../lib/offline/downloads';
import { formatDate } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** 1.2 MB, 830 KB: a size as people read it. */
function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

function DownloadRow({ download }: { download: Download }) {
  const toast = useToast();
  const remove = async () => {
    await removeDownload(download.chapterId);
    toast({ message: `${download.chapterTitle} was deleted from this device.`, type: 'success', duration: 3000 });
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
          <span data-testid="download-size">{formatBytes(download.bytes)}</span> · kept until{' '}
          {formatDate(expiresAt(download).toISOString())}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void remove()}
        className={secondaryButton}
        aria-label={`Delete ${download.seriesTitle} ${download.chapterTitle}`}
      >
        <Trash2 className="size-4" aria-hidden />
        Delete
      </button>
    </li>
  );
}

/** /profile/downloads: the chapters kept on this device for reading offline (issue 21 §3). */
export default function DownloadsPage() {
  useDocumentTitle('Downloads');
  const downloads = useDownloads();
  const total = downloads.reduce((sum, download) => sum + download.bytes, 0);
  return (
    <section className="space-y-4">
      <header>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
          <HardDriveDownload className="size-5 text-accent-400" aria-hidden />
          Downloads
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          Chapters kept on this device open without a connection for 30 days. Keep one with the cloud button in the reader.
        </p>
      </header>
      {!canKeepOffline() ? (
        <p className="text-sm text-zinc-400">This browser cannot keep chapters for offline reading.</p>
      ) : downloads.length === 0 ? (
        <p
          className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-center text-sm text-zinc-400"
          data-testid="downloads-empty"
        >
          Nothing is kept on this device yet.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900 px-4">
            {downloads.map((download) => (
              <DownloadRow key={download.chapterId} download={download} />
            ))}
          </ul>
          <p className="text-sm text-zinc-400" data-testid="downloads-total">
            {downloads.length} {downloads.length === 1 ? 'chapter' : 'chapters'}, {formatBytes(total)} on this device
          </p>
        </>
      )}
    </section>
  );
}
