// i18n: not yet in the catalogues (issue 35)
import { Copy, Download } from 'lucide-react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { FormAlert } from '../../components/form';
import { useToast } from '../../components/toast/toast-context';
import { useProfile } from './profile-context';

/** The recovery codes, shown once: to copy or download before leaving. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const { profile } = useProfile();
  const text = [
    `Inkwell recovery codes${profile ? ` for ${profile.username}` : ''}`,
    'Each code signs you in once, in place of a code from your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ message: 'Recovery codes copied.', type: 'success', duration: 3000 });
    } catch {
      toast({ message: 'Copying did not work here: select the codes and copy them by hand.', type: 'error', duration: 5000 });
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
      <FormAlert tone="success">
        Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your phone.
      </FormAlert>
      <ul
        aria-label="Recovery codes"
        className="grid max-w-md grid-cols-2 gap-2 rounded-xl bg-ink-950 p-4 font-mono text-sm text-zinc-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden /> Copy codes
        </button>
        <button type="button" className={secondaryButton} onClick={download}>
          <Download className="size-4" aria-hidden /> Download as .txt
        </button>
        <button type="button" className={primaryButton} onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </div>
  );
}
