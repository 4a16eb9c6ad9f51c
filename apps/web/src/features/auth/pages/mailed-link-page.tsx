import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard } from './auth-card';
import '../messages';

/**
 * A page a mailed link opens (`?token=…`, issue 36 §2): it acts when the reader presses its button,
 * not when it opens, so a mail scanner that follows links changes nothing. `act` sends the token and
 * answers what `done` shows; a refusal shows the server's words above the button.
 */
export function MailedLinkPage<T>({
  title,
  explain,
  submit,
  act,
  done,
}: {
  title: string;
  explain: string;
  submit: string;
  act(token: string): Promise<T>;
  done(result: T): ReactNode;
}) {
  const t = useT();
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [result, setResult] = useState<{ value: T } | null>(null);

  const press = async () => {
    setIsBusy(true);
    setError(null);
    try {
      setResult({ value: await act(token) });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('auth.networkError'));
    }
    setIsBusy(false);
  };

  let body;
  if (!token) body = <FormAlert tone="error">{t('auth.emailChange.incomplete')}</FormAlert>;
  else if (result) body = <div className="space-y-4">{done(result.value)}</div>;
  else
    body = (
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void press();
        }}
      >
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <p className="text-sm text-zinc-300">{explain}</p>
        <SubmitButton isBusy={isBusy}>{submit}</SubmitButton>
      </form>
    );
  return <AuthCard title={title}>{body}</AuthCard>;
}
