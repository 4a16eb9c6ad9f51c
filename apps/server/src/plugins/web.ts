import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';
import { withPageMeta, type PageMetaLookup } from '../lib/page-meta';

/**
 * Serves the built SPA (hashed assets cached for a year, index.html never); any other GET that is not an API call gets index.html, so the client router
 * handles it (unknown paths become /errorPage?error=not_found there).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { webDistDir: string | undefined; pageMeta?: PageMetaLookup }) => {
    const indexFile = options.webDistDir ? join(options.webDistDir, 'index.html') : undefined;
    const hasWeb = indexFile !== undefined && existsSync(indexFile);
    const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : undefined;

    if (hasWeb && options.webDistDir) {
      const assetsDir = join(options.webDistDir, 'assets');
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          // Hashed assets never change; everything else may.
          res.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/media/');
      if (isPage && indexHtml) {
        // Series and chapter pages carry their own title, description and preview image.
        const meta = options.pageMeta ? await options.pageMeta(path) : undefined;
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        if (meta === null) return reply.code(404).send(indexHtml);
        return reply.send(meta ? withPageMeta(indexHtml, meta) : indexHtml);
      }
      return sendError(reply, 'not_found', `No route for ${request.method} ${path}`);
    });
  },
  { name: 'web' },
);
