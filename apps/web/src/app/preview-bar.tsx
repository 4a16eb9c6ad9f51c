// i18n: not yet in the catalogues (issue 35)
import { PREVIEW_KINDS, type PreviewAs } from '../lib/auth/preview-as';
import { useAuth } from '../lib/auth/auth-context';

export const PREVIEW_LABELS: Record<PreviewAs, string> = {
  visitor: 'a visitor',
  reader: 'a reader without unlocks',
  premium: 'a premium reader',
};

/**
 * While a team member previews the site as another kind of viewer (issue 22 §3): which one, a way
 * to switch, and a way back. Always on screen, since as a visitor the top bar has no menu for them.
 */
function PreviewBar() {
  const { preview, setPreview } = useAuth();
  if (!preview) return null;
  return (
    <div
      role="region"
      aria-label="Preview"
      className="fixed inset-x-0 bottom-0 z-[60] flex flex-wrap items-center justify-center gap-2 border-t border-amber-400/40 bg-amber-950/95 px-3 py-2 text-sm text-amber-100 backdrop-blur md:bottom-4 md:left-4 md:right-auto md:rounded-xl md:border"
      data-testid="preview-bar"
    >
      <span>
        Viewing as <strong>{PREVIEW_LABELS[preview.as]}</strong>: nothing is saved.
      </span>
      {PREVIEW_KINDS.filter((kind) => kind !== preview.as).map((kind) => (
        <button
          key={kind}
          type="button"
          onClick={() => setPreview(kind)}
          className="rounded-md px-2 py-1 font-medium text-amber-200 underline-offset-2 hover:bg-amber-900 hover:underline"
        >
          As {PREVIEW_LABELS[kind]}
        </button>
      ))}
      <button
        type="button"
        onClick={() => setPreview(null)}
        className="rounded-md bg-amber-300 px-3 py-1 font-semibold text-amber-950 hover:bg-amber-200"
      >
        Stop previewing
      </button>
    </div>
  );
}

export default PreviewBar;
