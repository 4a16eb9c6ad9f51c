import { canonicalLanguage } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { viewerOf, VISITOR, type Viewer } from '../../identity/access';
import { SESSION_COOKIE, type AuthService } from '../../identity/auth';
import type { DeviceKeysService } from '../../identity/device-keys';
import type { DownloadsService, FileFormat } from './downloads.service';

const DOWNLOAD_ROOT = '/download/chapters';
export const downloadPath = (chapterId: string, format: FileFormat) => `${DOWNLOAD_ROOT}/${chapterId}.${format}`;

const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(cbz|epub)$/i;
const CHALLENGE = 'Basic realm="Inkwell", charset="UTF-8"';

/**
 * `GET /download/chapters/{id}.cbz|.epub` (issue 19 §4): in a browser by the reader's session, in
 * an app by HTTP Basic with a device key; a free chapter for anyone. The file's ETag is its version
 * and `X-KOReader-Document` its KOReader id.
 */
export async function downloadsRoutes(
  app: FastifyInstance,
  { downloads, deviceKeys, auth }: { downloads: DownloadsService; deviceKeys: DeviceKeysService; auth: AuthService },
) {
  async function viewerOfRequest(request: FastifyRequest): Promise<Viewer> {
    if (request.headers.authorization) return deviceKeys.viewerFor(await deviceKeys.fromBasic(request));
    const token = request.cookies[SESSION_COOKIE];
    const session = token && token.length <= 200 ? await auth.resolveSession(token) : undefined;
    return session ? viewerOf(session.user) : VISITOR;
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(DOWNLOAD_ROOT) && reply.statusCode === 401) reply.header('www-authenticate', CHALLENGE);
    return payload;
  });

  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>(
    `${DOWNLOAD_ROOT}/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const match = FILE_NAME.exec(request.params.file);
      if (!match) throw new AppError('not_found', 'apiErrors.readingApps.noSuchDownload');
      const viewer = await viewerOfRequest(request);
      // `?lang=`: the chapter in one of its series' editions (issue 35 §2); a tag that is none is the original.
      const language = typeof request.query.lang === 'string' ? canonicalLanguage(request.query.lang) : undefined;
      const file = await downloads.file(match[1]!.toLowerCase(), match[2]!.toLowerCase() as FileFormat, viewer, language);
      const etag = `"${file.row.version}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'authorization, cookie')
        .header('x-koreader-document', file.row.partialMd5);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(file.bytes);
    },
  );
}
