import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { Unlocks } from './unlocks.service';
import type { Wallet } from './wallet.service';
import { say } from '../../../lib/say';

/** The reader's coins (DESIGN §4 Money): their ledger, the auto-unlock setting, and unlocking chapters. */
export async function walletRoutes(app: FastifyInstance, { wallet, unlocks }: { wallet: Wallet; unlocks: Unlocks }) {
  endpoint(app, 'wallet', {
    handler: async (request) => ({ success: true, data: await wallet.wallet(request.user.id, request.query.page) }),
  });
  endpoint(app, 'storeSettings', {
    handler: async (request) => ({
      success: true,
      data: await wallet.setStoreSettings(request.user.id, request.body),
      message: await say(request, 'apiErrors.success.settingsSaved'),
    }),
  });

  endpoint(app, 'unlockChapter', {
    summary: 'Open a chapter: with coins (for good), or with the series’ pass or daily free (for a while)',
    handler: async (request) => {
      const method = request.body?.method ?? 'coins';
      const { chapterId } = request.params;
      const result =
        method === 'coins'
          ? await unlocks.unlock(request.user, [chapterId], { autoUnlockSeries: request.body?.autoUnlockSeries })
          : await unlocks.rent(request.user, chapterId, method);
      const openUntil = result.openUntil?.toISOString() ?? null;
      return {
        success: true,
        data: { chapterId, method, charged: result.charged, coins: result.coins, openUntil },
        message: openUntil
          ? await say(request, 'apiErrors.success.openUntil', { until: result.openUntil!.toUTCString() })
          : result.charged > 0
            ? await say(request, 'apiErrors.success.unlockedFor', { coins: result.charged })
            : await say(request, 'apiErrors.success.alreadyUnlocked'),
      };
    },
  });
  endpoint(app, 'unlockQuote', {
    summary: 'What unlocking these chapters at once costs, with the series’ bundle discount',
    handler: async (request) => ({
      success: true,
      data: await unlocks.quote(request.user, request.params.seriesId, request.query.chapterIds),
    }),
  });
  endpoint(app, 'unlockChapters', {
    handler: async (request) => {
      const { openUntil: _none, ...result } = await unlocks.unlock(request.user, request.body.chapterIds, {
        seriesId: request.params.seriesId,
      });
      return {
        success: true,
        data: result,
        message:
          result.charged > 0
            ? await say(request, 'apiErrors.success.chaptersUnlocked', {
                chapters: result.chapterIds.length,
                coins: result.charged,
              })
            : await say(request, 'apiErrors.success.alreadyUnlocked'),
      };
    },
  });

  endpoint(app, 'autoUnlockSeries', {
    summary: 'The series whose chapters unlock by themselves for this reader',
    handler: async (request) => ({ success: true, data: await unlocks.autoUnlockSeries(request.user.id) }),
  });
  endpoint(app, 'autoUnlockSeriesRemove', {
    handler: async (request) => ({
      success: true,
      data: await unlocks.removeAutoUnlockSeries(request.user.id, request.params.seriesId),
      message: await say(request, 'apiErrors.success.autoUnlockOff'),
    }),
  });
}
