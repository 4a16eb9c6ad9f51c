import { CloudDownload, CloudOff, HardDriveDownload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { canKeepOffline, keepOffline, useDownloads } from '../../../lib/offline/downloads';

/**
 * Issue 21 §3: keeps the open chapter on this device for reading offline (a chapter the reader can
 * read whole); once kept it links to the downloads page, where it can be deleted.
 */
export function KeepOfflineButton({
  seriesSlug,
  chapterSlug,
  chapterId,
  className,
}: {
  seriesSlug: string;
  chapterSlug: string;
  chapterId: string;
  className: string;
}) {
  const toast = useToast();
  const downloads = useDownloads();
  const [isBusy, setIsBusy] = useState(false);
  if (!canKeepOffline()) return null;
  if (downloads.some((download) => download.chapterId === chapterId)) {
    return (
      <Link
        to="/profile/downloads"
        aria-label="Kept on this device for offline reading"
        title="Kept for offline reading"
        className={className}
      >
        <HardDriveDownload className="size-4 text-emerald-400" aria-hidden />
      </Link>
    );
  }
  const keep = async () => {
    setIsBusy(true);
    try {
      await keepOffline(seriesSlug, chapterSlug);
      toast({ message: 'Kept on this device: it opens without a connection for 30 days.', type: 'success' });
    } catch {
      toast({ message: 'This chapter could not be kept for offline reading. Please try again.', type: 'error', duration: 5000 });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void keep()}
      disabled={isBusy}
      aria-label="Keep this chapter for offline reading"
      title="Keep for offline reading"
      className={`${className} disabled:cursor-wait disabled:opacity-50`}
    >
      <CloudDownload className="size-4" aria-hidden />
    </button>
  );
}

/** Offline, a chapter that was not kept: said plainly, with the way to what was. */
export function OfflineChapterNotice() {
  return (
    <div
      role="status"
      className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center"
      data-testid="offline-notice"
    >
      <CloudOff className="size-8 text-zinc-400" aria-hidden />
      <h1 className="text-lg font-semibold text-zinc-100">You are offline</h1>
      <p className="text-sm text-zinc-400">This chapter is not kept on this device. It opens again when you are back online.</p>
      <Link to="/profile/downloads" className="text-sm font-semibold text-accent-400 hover:underline">
        Chapters kept for offline reading
      </Link>
    </div>
  );
}
