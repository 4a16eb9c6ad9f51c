import { Copy, Download } from 'lucide-react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { FormAlert } from '../../components/form';
import { useToast } from '../../components/toast/toast-context';
import { useT } from '../../lib/i18n/i18n-context';
import { useProfile } from './profile-context';
import './messages';

/** The recovery codes, shown once: to copy or download before leaving. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const { profile } = useProfile();
  const text = [
    profile ? t('profile.recoveryCodes.fileTitleFor', { username: profile.username }) : t('profile.recoveryCodes.fileTitle'),
    t('profile.recoveryCodes.fileIntro'),
    '',
    ...codes,
    '',
  ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ message: t('profile.recoveryCodes.copied'), type: 'success', duration: 3000 });
    } catch {
      toast({ message: t('profile.recoveryCodes.copyFailed'), type: 'error', duration: 5000 });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'inkwell-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <FormAlert tone="success">{t('profile.recoveryCodes.saveNow')}</FormAlert>
      <ul
        aria-label={t('profile.recoveryCodes.list')}
        className="grid max-w-md grid-cols-2 gap-2 rounded-xl bg-ink-950 p-4 font-mono text-sm text-zinc-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden /> {t('profile.recoveryCodes.copy')}
        </button>
        <button type="button" className={secondaryButton} onClick={download}>
          <Download className="size-4" aria-hidden /> {t('profile.recoveryCodes.download')}
        </button>
        <button type="button" className={primaryButton} onClick={onDone}>
          {t('profile.recoveryCodes.done')}
        </button>
      </div>
    </div>
  );
}
