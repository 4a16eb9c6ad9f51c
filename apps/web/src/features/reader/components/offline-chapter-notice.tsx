// i18n: not yet in the catalogues (issue 35)
import { CloudOff } from 'lucide-react';
import { Link } from 'react-router';

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
