import type { ErrorCode } from '@inkwell/contract';
import { ApiError, apiUrl } from './api-client';

/**
 * Sends files as multipart/form-data and reports upload progress (0–1), which fetch cannot.
 * Credentials go along, like every call (SPEC §7); a failure becomes the same ApiError.
 */
export function uploadFiles<T>(
  path: string,
  files: { field: string; file: File }[],
  options: { method?: 'POST' | 'PUT'; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const form = new FormData();
  for (const { field, file } of files) form.append(field, file, file.name);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', apiUrl(path));
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as {
        success?: boolean;
        message?: string;
        error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> };
      } | null;
      if (request.status >= 200 && request.status < 300 && body?.success !== false) {
        options.onProgress?.(1);
        resolve(body as T);
        return;
      }
      const message = body?.error?.message ?? body?.message ?? `HTTP error! status: ${request.status}`;
      reject(new ApiError(request.status, message, body?.error?.code, body?.error?.fields));
    };
    request.onerror = () => reject(new ApiError(0, 'The upload failed. Check your connection and try again.'));
    request.onabort = () => reject(new ApiError(0, 'The upload was cancelled.'));
    options.signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}
