import type { FastifyInstance } from 'fastify';
import type { SeoService } from './seo.service';

/** /sitemap.xml and /robots.txt for search engines. */
export async function seoRoutes(app: FastifyInstance, { seo }: { seo: SeoService }) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(seo.robotsTxt());
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const body = await seo.sitemapXml();
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });
}
