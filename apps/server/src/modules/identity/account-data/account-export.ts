import { ACCOUNT_EXPORT_FORMAT, type AccountExport } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { sessionsForExport } from '../auth';
import { deviceKeysForExport } from '../device-keys';
import { findUserById } from '../users';
import { commentsForExport } from '../../reading/comments';
import { libraryForExport } from '../../reading/library';
import { notificationsForExport } from '../../reading/notifications';
import { statsForExport } from '../../reading/stats';
import { readerSettingsForExport } from '../../reading/reader-settings';
import { purchasesForExport } from '../../money/payments';
import { payoutsForExport } from '../../money/payouts';
import { subscriptionsForExport } from '../../money/subscriptions';
import { walletForExport } from '../../money/wallet';
import { pushForExport } from '../../platform/push';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

type CommentRow = Awaited<ReturnType<typeof commentsForExport>>[number];
type NoticeRows = Awaited<ReturnType<typeof notificationsForExport>>;

function toExportedComment(row: CommentRow): AccountExport['comments'][number] {
  return {
    id: row.id,
    seriesTitle: row.series.title,
    chapterNumber: row.chapter ? Number(row.chapter.chapterNumber) : null,
    isReply: row.parentId !== null,
    body: row.body,
    isSpoiler: row.isSpoiler,
    hidden: row.hiddenAt !== null,
    createdAt: iso(row.createdAt),
    editedAt: isoOrNull(row.editedAt),
  };
}

function toExportedNotifications(
  newChapterEmail: string,
  pushQuietHours: AccountExport['notifications']['pushQuietHours'],
  notices: NoticeRows,
): AccountExport['notifications'] {
  return {
    newChapterEmail,
    pushQuietHours,
    notifyWhenFree: notices.notifyWhenFree.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      notifiedAt: isoOrNull(row.notifiedAt),
    })),
    notifyWhenPass: notices.notifyWhenPass.map((row) => ({
      ...row,
      notifyAt: iso(row.notifyAt),
      notifiedAt: isoOrNull(row.notifiedAt),
    })),
    received: notices.received.map((row) => ({
      kind: row.kind,
      message: row.message ?? row.title,
      link: row.link,
      isRead: row.isRead,
      createdAt: iso(row.createdAt),
    })),
  };
}

/**
 * Everything Inkwell holds about a reader (issue 36 §3, GDPR articles 15 and 20), each part asked
 * of the module that owns it, as one document (the contract's accountExportSchema; README "Your data").
 */
export async function accountExportOf(db: Database, userId: string, now: Date): Promise<AccountExport | undefined> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) return undefined;
  const [library, purchases, subscriptions, wallet, payouts, comments, notices, deviceKeys, push, sessions] = await Promise.all([
    libraryForExport(db, userId),
    purchasesForExport(db, userId),
    subscriptionsForExport(db, userId),
    walletForExport(db, userId),
    payoutsForExport(db, userId),
    commentsForExport(db, userId),
    notificationsForExport(db, userId),
    deviceKeysForExport(db, userId),
    pushForExport(db, userId),
    sessionsForExport(db, userId),
  ]);
  const settings = await readerSettingsForExport(db, userId);
  const yearShares = await statsForExport(db, userId);
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: iso(now),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      bio: user.bio,
      avatarUrl: user.avatarUrl,
      role: user.role,
      locale: user.locale,
      contentLanguages: user.contentLanguages,
      twoFactorEnabled: user.totpEnabledAt !== null,
      createdAt: iso(user.createdAt),
    },
    preferences: {
      autoUnlock: user.autoUnlock,
      showAsSupporter: user.showAsSupporter,
      newChapterEmail: user.newChapterEmail,
      showAdult: user.showAdult,
      autoUnlockSeries: wallet.autoUnlockSeries.map((row) => ({ ...row, since: iso(row.since) })),
    },
    bookmarks: library.bookmarks.map((row) => ({
      seriesId: row.series.id,
      seriesSlug: row.series.slug,
      seriesTitle: row.series.title,
      since: iso(row.since),
    })),
    reading: library.progress.map((row) => ({
      seriesTitle: row.series.title,
      chapterId: row.chapter.id,
      chapterNumber: Number(row.chapter.number),
      chapterTitle: row.chapter.title,
      page: row.page,
      position: row.position,
      completed: row.completed,
      inHistory: row.inHistory,
      readAt: iso(row.readAt),
      finishedAt: isoOrNull(row.finishedAt),
    })),
    yearShares: yearShares.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    readingPlaces: library.places.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })),
    purchases: purchases.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      paidAt: isoOrNull(row.paidAt),
      refundedAt: isoOrNull(row.refundedAt),
    })),
    subscriptions: subscriptions.map((row) => ({
      ...row,
      startedAt: iso(row.startedAt),
      currentPeriodEnd: iso(row.currentPeriodEnd),
      endedAt: isoOrNull(row.endedAt),
    })),
    coins: { balance: user.coins, ledger: wallet.ledger.map((row) => ({ ...row, createdAt: iso(row.createdAt) })) },
    unlocks: wallet.unlocks.map((row) => ({
      chapterId: row.chapterId,
      seriesTitle: row.seriesTitle,
      chapterNumber: Number(row.chapter.chapterNumber),
      coins: row.coins,
      createdAt: iso(row.createdAt),
    })),
    rentals: wallet.rentals.map((row) => ({
      chapterId: row.chapterId,
      seriesTitle: row.seriesTitle,
      chapterNumber: Number(row.chapter.chapterNumber),
      method: row.method,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
    })),
    gifts: payouts.gifts.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    comments: comments.map(toExportedComment),
    notifications: toExportedNotifications(user.newChapterEmail, push.quietHours, notices),
    readerSettings: {
      comic: settings.general?.comic ?? {},
      novel: settings.general?.novel ?? {},
      updatedAt: settings.general ? iso(settings.general.updatedAt) : null,
      series: settings.perSeries.map(({ series, updatedAt, ...choice }) => ({
        seriesTitle: series.title,
        ...choice,
        updatedAt: iso(updatedAt),
      })),
    },
    deviceKeys: deviceKeys.map((row) => ({
      name: row.name,
      createdAt: iso(row.createdAt),
      lastUsedAt: isoOrNull(row.lastUsedAt),
    })),
    pushSubscriptions: push.subscriptions.map((row) => ({ host: row.host, createdAt: iso(row.createdAt) })),
    sessions: sessions.map((row) => ({ ...row, createdAt: iso(row.createdAt), lastSeenAt: iso(row.lastSeenAt) })),
    earnings: payouts.earnings && {
      payeeOf: payouts.earnings.payeeOf,
      coins: payouts.earnings.coins.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      subscriptions: payouts.earnings.subscriptions,
      tiers: payouts.earnings.tiers.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      payoutAccount: payouts.earnings.payoutAccount && {
        ...payouts.earnings.payoutAccount,
        createdAt: iso(payouts.earnings.payoutAccount.createdAt),
      },
      statements: payouts.earnings.statements.map((row) => ({ ...row, sentAt: row.sentAt && iso(row.sentAt) })),
    },
  };
}
