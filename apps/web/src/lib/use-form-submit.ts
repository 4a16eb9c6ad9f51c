import { useState } from 'react';
import { ApiError } from './api-client';

/**
 * A dashboard form's errors and busy state. `submit` shows the local (contract) errors, or sends
 * and shows the server's per-field answer and message when it refuses.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function submit(localErrors: Record<string, string>, send: () => Promise<void>) {
    if (Object.keys(localErrors).length > 0) {
      setErrors(localErrors);
      setFormError('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    setFormError(null);
    setIsBusy(true);
    try {
      await send();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFormError(error instanceof Error ? error.message : 'Saving failed. Please try again.');
    } finally {
      setIsBusy(false);
    }
  }

  return { errors, formError, isBusy, submit };
}
