import { AD_FRAME_MESSAGE } from '@inkwell/contract';

/**
 * SPEC §4, §9 through the ad frame (issue 20 §3): the ad is shown once the frame reports a visible
 * ad container (within `waitMs`), blocked when none came by then or the frame reports a script
 * that could not load. A report that comes late still turns it to shown. Only messages from this
 * frame count. Returns what stops watching.
 */
export function watchAdFrame(
  frame: HTMLIFrameElement,
  waitMs: number,
  report: (status: 'shown' | 'blocked') => void,
  target: Window = window,
): () => void {
  let status: 'waiting' | 'shown' | 'blocked' = 'waiting';
  const settle = (next: 'shown' | 'blocked') => {
    if (status === next || status === 'shown') return;
    status = next;
    report(next);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== frame.contentWindow) return;
    const data = event.data as { type?: unknown; status?: unknown } | null;
    if (data?.type !== AD_FRAME_MESSAGE) return;
    if (data.status === 'shown') settle('shown');
    else if (data.status === 'blocked') settle('blocked');
  };
  target.addEventListener('message', onMessage);
  const timer = setTimeout(() => settle('blocked'), waitMs);
  return () => {
    target.removeEventListener('message', onMessage);
    clearTimeout(timer);
  };
}
