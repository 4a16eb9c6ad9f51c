import { type EndpointName, type EndpointParams, type EndpointResponse, type ErrorCode, type ROUTES } from '@inkwell/contract';
import { ApiError, anyEndpointUrl, apiUrl, endpointRoute, pageMessage } from './api-client';
import './i18n/later-messages';

/** The endpoints that take files (multipart/form-data), by the endpoint table's own mark. */
type UploadEndpoint = { [N in EndpointName]: (typeof ROUTES)[N] extends { multipart: true } ? N : never }[EndpointName];

export interface UploadInput<N extends UploadEndpoint> {
  params: EndpointParams<N>;
  files: { field: string; file: File }[];
  /** Plain fields sent with the files (a comic edition's pages name their `language`), ahead of them. */
  fields?: Record<string, string>;
  /** Upload progress, 0–1 (which fetch cannot report). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends files to an upload endpoint of the contract's table (its method and path come from
 * there) and reports progress. Credentials go along, like every call (SPEC §7); a failure becomes
 * the same ApiError as the typed client's, and success resolves with the contract's answer.
 */
export async function uploadFiles<N extends UploadEndpoint>(name: N, input: UploadInput<N>): Promise<EndpointResponse<N>> {
  const [route, path] = await Promise.all([endpointRoute(name), anyEndpointUrl(name, { params: input.params })]);
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  for (const { field, file } of input.files) form.append(field, file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, apiUrl(path));
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as {
        success?: boolean;
        message?: string;
        error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> };
      } | null;
      if (request.status >= 200 && request.status < 300 && body?.success !== false) {
        input.onProgress?.(1);
        resolve(body as EndpointResponse<N>);
        return;
      }
      const refuse = (message: string) => reject(new ApiError(request.status, message, body?.error?.code, body?.error?.fields));
      // The server says its errors in the page's language already (decision 0040); only our own fallback is said here.
      const message = body?.error?.message ?? body?.message;
      if (message) return refuse(message);
      void pageMessage('common.lib.api.httpError', { status: request.status }).then(refuse);
    };
    const fail = (id: string) => void pageMessage(id).then((message) => reject(new ApiError(0, message)));
    request.onerror = () => fail('common.lib.upload.failed');
    request.onabort = () => fail('common.lib.upload.cancelled');
    input.signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}
