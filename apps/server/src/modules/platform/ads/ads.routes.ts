import { AD_FRAME_PATH } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { adFrameDocument, adFramePolicy } from './ad-frame';
import type { SiteConfigService } from '../../team/site-config';
import { adsConfigFor } from './ads.service';

export async function adsRoutes(
  app: FastifyInstance,
  { siteConfig, publicUrl }: { siteConfig: SiteConfigService; publicUrl: string },
) {
  const allowHttp = !publicUrl.startsWith('https:');
  endpoint(app, 'adsConfig', {
    summary: "Whether this viewer sees ads, and the ad scripts when they do (SPEC §3's own shape, not the envelope)",
    handler: async (request, reply) => {
      // Personal (who is asking) and changed by admins at any time: never kept by any cache.
      reply.header('cache-control', 'no-store');
      // The admin's ads setting (site_config `ads`, defaults until set), from the configuration every instance keeps briefly.
      return adsConfigFor((await siteConfig.current()).ads, request.user);
    },
  });

  // Issue 20 §3: the ad markup runs here, in a sandboxed frame of the page (AD_FRAME_SANDBOX), never
  // in the page itself. The same markup for everyone; whether a reader sees ads is the page's call.
  app.get(AD_FRAME_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const ads = (await siteConfig.current()).ads;
    const { html, nonce } = adFrameDocument(ads.enabled ? ads.scripts : '');
    // The frame's origin is opaque: asking for an origin-keyed agent cluster there only makes the
    // browser warn that it could not.
    reply.removeHeader('origin-agent-cluster');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', adFramePolicy(nonce, { allowHttp }))
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  });
}
