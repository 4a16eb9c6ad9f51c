import { ADULT_GATE_COOKIE } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { primaryButton, secondaryButton } from './button-styles';
import { useToast } from './toast/toast-context';
import { callApiData } from '../lib/api-client';
import { useAuth } from '../lib/auth/auth-context';
import { useT } from '../lib/i18n/i18n-context';
import { useDocumentTitle } from '../lib/use-document-title';

/** Where a visitor's answer is kept for the browser session (issue 36 §4). */
const ANSWER_KEY = 'inkwell.adult';

/** The visitor's answer, for the server too: a session cookie it reads for a series' own answers. */
function rememberVisitorAnswer() {
  try {
    sessionStorage.setItem(ANSWER_KEY, '1');
  } catch {
    // Storage refused (private mode): the cookie alone carries the answer.
  }
  document.cookie = `${ADULT_GATE_COOKIE}=1; path=/; samesite=lax`;
}

/** The answer kept this session, when the cookie went (the browser cleared it): set again. */
function visitorAnswered(): boolean {
  try {
    return sessionStorage.getItem(ANSWER_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The gate of a series marked Adult (issue 36 §4), in place of its page or its chapter's: "I am 18
 * or older" opens it, for a visitor for this browser session (sessionStorage and the session
 * cookie), for a reader as their preference (ME/preferences showAdult); "Go back" leaves.
 */
export function AdultGate() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isAuthenticated, refresh } = useAuth();
  const [isSaving, setIsSaving] = useState(false);
  useDocumentTitle(t('common.adult.gateTitle'));

  const reopen = () => queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });

  // A visitor who said yes earlier in this session, whose cookie is gone: the answer still holds.
  useEffect(() => {
    if (!isAuthenticated && visitorAnswered() && !document.cookie.includes(`${ADULT_GATE_COOKIE}=1`)) {
      rememberVisitorAnswer();
      void reopen();
    }
    // Once, on meeting the gate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirm = async () => {
    if (!isAuthenticated) {
      rememberVisitorAnswer();
      await reopen();
      return;
    }
    setIsSaving(true);
    try {
      await callApiData('preferencesUpdate', { body: { showAdult: true } });
      // The session now carries the opt-in; every list and page is asked again for it.
      await refresh();
      void queryClient.invalidateQueries();
    } catch {
      toast({ type: 'error', message: t('common.adult.saveFailed'), duration: 5000 });
    } finally {
      setIsSaving(false);
    }
  };

  const goBack = () => {
    if (typeof window !== 'undefined' && window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center" data-testid="adult-gate">
      <ShieldAlert className="size-12 text-amber-300" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-white">{t('common.adult.gateTitle')}</h1>
      <p className="mt-3 text-sm text-zinc-300">{t('common.adult.gateText')}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <button type="button" className={primaryButton} onClick={() => void confirm()} disabled={isSaving}>
          {t('common.adult.confirm')}
        </button>
        <button type="button" className={secondaryButton} onClick={goBack}>
          {t('common.adult.goBack')}
        </button>
      </div>
    </div>
  );
}
