import { ApiError, callApiData, endpointUrl, fetchWithTimeout, pageMessage } from '../../../lib/api-client';

// A reader's own data (issue 36 §3): the export as a file, and the account's deletion.

/** The export can take a while for a long-time reader: more time than a page's calls get. */
const EXPORT_TIMEOUT_MS = 60_000;

/** The file's name as the server gave it (Content-Disposition), else a plain one. */
function filenameOf(response: Response): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return named ?? 'inkwell-export.json';
}

/** Downloads the reader's export: the server's JSON file, saved under the name it gives. */
export async function downloadExport(): Promise<string> {
  const response = await fetchWithTimeout(endpointUrl('accountExport'), { timeoutMs: EXPORT_TIMEOUT_MS });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
    const message = body?.error?.message ?? (await pageMessage('common.lib.api.httpError', { status: response.status }));
    throw new ApiError(response.status, message);
  }
  const filename = filenameOf(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}

/** Deletes the account: the password, and the two-factor code when it is on. */
export function deleteAccount(password: string, code: string | undefined) {
  return callApiData('accountDelete', { body: { password, ...(code ? { code } : {}) } });
}
