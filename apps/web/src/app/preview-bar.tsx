import { PREVIEW_KINDS, type PreviewAs } from '../lib/auth/preview-as';
import { useAuth } from '../lib/auth/auth-context';
import { useT } from '../lib/i18n/i18n-context';
import { richText } from '../lib/i18n/rich';
import '../lib/i18n/later-messages';

/** The buttons that switch to another kind of viewer. */
const SWITCH_LABELS: Record<PreviewAs, string> = {
  visitor: 'common.app.preview.switch.visitor',
  reader: 'common.app.preview.switch.reader',
  premium: 'common.app.preview.switch.premium',
};

/**
 * While a team member previews the site as another kind of viewer (issue 22 §3): which one, a way
 * to switch, and a way back. Always on screen, since as a visitor the top bar has no menu for them.
 */
function PreviewBar() {
  const t = useT();
  const { preview, setPreview } = useAuth();
  if (!preview) return null;
  return (
    <div
      role="region"
      aria-label={t('common.app.preview.label')}
      className="fixed inset-x-0 bottom-0 z-[60] flex flex-wrap items-center justify-center gap-2 border-t border-amber-400/40 bg-amber-950/95 px-3 py-2 text-sm text-amber-100 backdrop-blur md:bottom-4 md:left-4 md:right-auto md:rounded-xl md:border"
      data-testid="preview-bar"
    >
      <span>
        {richText(t('common.app.preview.viewingAs', { kind: preview.as }), { strong: (words) => <strong>{words}</strong> })}
      </span>
      {PREVIEW_KINDS.filter((kind) => kind !== preview.as).map((kind) => (
        <button
          key={kind}
          type="button"
          onClick={() => setPreview(kind)}
          className="rounded-md px-2 py-1 font-medium text-amber-200 underline-offset-2 hover:bg-amber-900 hover:underline"
        >
          {t(SWITCH_LABELS[kind])}
        </button>
      ))}
      <button
        type="button"
        onClick={() => setPreview(null)}
        className="rounded-md bg-amber-300 px-3 py-1 font-semibold text-amber-950 hover:bg-amber-200"
      >
        {t('common.app.preview.stop')}
      </button>
    </div>
  );
}

export default PreviewBar;
