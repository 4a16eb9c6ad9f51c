import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { avifKeyOf, createSaverVariants, createWidthVariants } from './image-store';
import { isPublicKey, PRIVATE_PREFIX } from './media-keys';
import type { UrlSigner } from './signed-urls';
import { isSafeKey, type MediaStorage } from './storage';

/**
 * GET /media/<key>: keys under a public prefix (covers, banners, announcements) are public and
 * immutable (a new upload gets a new key); a chapter's keys need a valid signature, and only its
 * pages are ever signed; any other key is no image (decision 0004). Browsers that accept AVIF get
 * it once the queue has made one. `w=<width>` asks a public image for one of its narrower copies
 * (a banner's srcset, image-store.ts `widthsOf`); any other width is no image.
 */
export async function mediaRoutes(app: FastifyInstance, options: { storage: MediaStorage; signer: UrlSigner; clock: Clock }) {
  const { storage, signer, clock } = options;
  const savers = createSaverVariants(storage);
  const narrower = createWidthVariants(storage);

  app.get<{
    Params: { '*': string };
    /** `q=saver`: a chapter page's data-saver variant (the signature covers the page, whichever size is sent). */
    Querystring: { exp?: string; sig?: string; q?: string; w?: string };
  }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!isSafeKey(key)) throw new AppError('not_found', 'apiErrors.platform.noSuchImage');
    let cacheControl: string;
    if (isPublicKey(key)) cacheControl = 'public, max-age=31536000, immutable';
    else if (key.startsWith(PRIVATE_PREFIX)) {
      const left = signer.verify(`/media/${key}`, request.query.exp, request.query.sig, clock.now());
      if (left === null) throw new AppError('forbidden', 'apiErrors.platform.imageLinkExpired');
      cacheControl = `private, max-age=${left}`;
    } else throw new AppError('not_found', 'apiErrors.platform.noSuchImage');
    /** A copy made beside the image (a data-saver page, a narrower banner), or no image. */
    const sendCopy = (copy: Awaited<ReturnType<MediaStorage['get']>>) => {
      if (!copy) throw new AppError('not_found', 'apiErrors.platform.noSuchImage');
      return reply
        .header('cache-control', cacheControl)
        .header('content-type', copy.contentType)
        .header('content-length', copy.size)
        .header('x-content-type-options', 'nosniff')
        .send(copy.body);
    };
    if (request.query.q === 'saver' && key.startsWith(PRIVATE_PREFIX) && key.endsWith('.webp')) {
      return sendCopy(await savers.get(key));
    }
    if (request.query.w !== undefined && isPublicKey(key)) {
      return sendCopy(await narrower.get(key, Number(request.query.w)));
    }
    // The original is looked up first: a variant is only ever served beside the image it belongs to.
    const original = await storage.get(key);
    if (!original) throw new AppError('not_found', 'apiErrors.platform.noSuchImage');
    const wantsAvif = key.endsWith('.webp') && (request.headers.accept ?? '').includes('image/avif');
    const avif = wantsAvif ? await storage.get(avifKeyOf(key)) : null;
    if (avif) original.body.destroy();
    const object = avif ?? original;
    return reply
      .header('cache-control', cacheControl)
      .header('vary', 'Accept')
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
}
