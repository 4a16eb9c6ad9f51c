import type { FastifyInstance } from 'fastify';
import { uploadedFile } from '../../../lib/uploads';
import { endpoint } from '../../../lib/endpoint';
import type { BannersService } from './banners.service';
import { say } from '../../../lib/say';

/** The team's calls on banners (those a visitor sees now are the catalogue's). */
export async function bannersRoutes(app: FastifyInstance, { banners }: { banners: BannersService }) {
  endpoint(app, 'teamBanners', { handler: async () => ({ success: true, data: await banners.listBanners() }) });
  endpoint(app, 'teamBannerCreate', {
    handler: async (request) => ({
      success: true,
      data: await banners.createBanner(request.body),
      message: await say(request, 'apiErrors.success.bannerCreated'),
    }),
  });
  endpoint(app, 'teamBannerUpdate', {
    handler: async (request) => ({
      success: true,
      data: await banners.updateBanner(request.params.id, request.body),
      message: await say(request, 'apiErrors.success.bannerSaved'),
    }),
  });
  endpoint(app, 'teamBannerImage', {
    summary: 'Upload the banner image (multipart, one image)',
    handler: async (request) => ({
      success: true,
      data: await banners.setBannerImage(request.params.id, await uploadedFile(request, 'banner')),
      message: await say(request, 'apiErrors.success.bannerImageSaved'),
    }),
  });
  endpoint(app, 'teamBannerDelete', {
    handler: async (request) => {
      await banners.deleteBanner(request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.bannerDeleted') };
    },
  });
}
