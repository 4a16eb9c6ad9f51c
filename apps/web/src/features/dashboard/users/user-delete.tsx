import { ACCOUNT_DELETE_CONFIRMATION, type AdminUserDetail } from '@inkwell/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDeleteUser } from './api/delete-user';
import '../messages';

/**
 * The admin deletes an account as its owner would (issue 36 §3, audited): its personal data erased,
 * its comments left as "[deleted]", its coins forfeited, its plan cancelled, its purchases kept
 * anonymously. Asked in a dialog where DELETE must be typed.
 */
export function UserDelete({ user }: { user: AdminUserDetail }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteUser(user.id);
  const [isAsking, setIsAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const close = () => {
    setIsAsking(false);
    setTyped('');
  };
  const confirm = async () => {
    await remove.mutateAsync();
    toast({ message: t('dashboard.deletion.deleted', { username: user.username }), type: 'success' });
    void navigate('/Dashboard/Users', { replace: true });
  };
  return (
    <section
      aria-label={t('dashboard.deletion.title')}
      className="rounded-xl border border-rose-500/30 bg-ink-900 p-4"
      data-testid="user-delete"
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-rose-300">{t('dashboard.deletion.title')}</h2>
      <p className="mt-2 text-sm text-zinc-400">{t('dashboard.deletion.note')}</p>
      <button
        type="button"
        className="mt-3 inline-flex items-center gap-2 rounded-lg border border-rose-500/50 px-4 py-2 text-sm font-semibold text-rose-200 hover:bg-rose-500/10"
        onClick={() => setIsAsking(true)}
      >
        <Trash2 className="size-4" aria-hidden />
        {t('dashboard.deletion.action')}
      </button>
      {isAsking && (
        <ConfirmDialog
          title={t('dashboard.deletion.confirmTitle', { username: user.username })}
          confirmLabel={t('dashboard.deletion.confirm')}
          onConfirm={confirm}
          onClose={close}
          isConfirmDisabled={typed.trim() !== ACCOUNT_DELETE_CONFIRMATION}
          renderError={(error) => (error instanceof Error && error.message ? error.message : t('dashboard.deletion.failed'))}
        >
          <div className="space-y-3">
            <p>{t('dashboard.deletion.consequences')}</p>
            <TextField
              label={t('dashboard.deletion.typeLabel', { word: ACCOUNT_DELETE_CONFIRMATION })}
              name="confirmation"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        </ConfirmDialog>
      )}
    </section>
  );
}
