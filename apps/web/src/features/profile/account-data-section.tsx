import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { secondaryButton } from '../../components/button-styles';
import { FormAlert } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n-context';
import { downloadExport } from './api/account-data';
import { DeleteAccountForm } from './delete-account-form';
import './messages';

/** "Download my data": the export of everything held about the reader, one JSON file (issue 36 §3). */
function DownloadMyData() {
  const t = useT();
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'done' | 'failed'; message?: string }>({ status: 'idle' });
  const download = async () => {
    setState({ status: 'busy' });
    try {
      const filename = await downloadExport();
      setState({ status: 'done', message: t('profile.data.downloaded', { filename }) });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof ApiError ? error.message : t('profile.data.networkError') });
    }
  };
  return (
    <div className="space-y-3">
      <h4 className="font-semibold text-zinc-100">{t('profile.data.downloadTitle')}</h4>
      <p className="text-sm text-zinc-400">{t('profile.data.downloadNote')}</p>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => void download()}
        disabled={state.status === 'busy'}
        data-testid="download-my-data"
      >
        <Download className="size-4" aria-hidden />
        {state.status === 'busy' ? t('profile.data.preparing') : t('profile.data.download')}
      </button>
      {state.status === 'done' && <FormAlert tone="success">{state.message}</FormAlert>}
      {state.status === 'failed' && <FormAlert tone="error">{state.message}</FormAlert>}
    </div>
  );
}

/** The account page's "Your data" section: download it, or delete the account. */
export function AccountDataSection({ hasTwoFactor }: { hasTwoFactor: boolean }) {
  const t = useT();
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <section
      aria-labelledby="account-data-heading"
      className="space-y-6 rounded-2xl border border-ink-800 bg-ink-900 p-6"
      data-testid="account-data-section"
    >
      <h3 id="account-data-heading" className="text-lg font-semibold text-white">
        {t('profile.data.title')}
      </h3>
      <DownloadMyData />
      <div className="space-y-3 border-t border-ink-800 pt-6">
        <h4 className="font-semibold text-rose-200">{t('profile.data.deleteTitle')}</h4>
        <p className="text-sm text-zinc-400">{t('profile.data.deleteNote')}</p>
        {isDeleting ? (
          <DeleteAccountForm hasTwoFactor={hasTwoFactor} onCancel={() => setIsDeleting(false)} />
        ) : (
          <button
            type="button"
            className="inline-flex items-center justify-center gap-2 rounded-lg border border-rose-500/50 px-4 py-2 text-sm font-semibold text-rose-200 hover:bg-rose-500/10"
            onClick={() => setIsDeleting(true)}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('profile.data.deleteStart')}
          </button>
        )}
      </div>
    </section>
  );
}
