// The bell's notices are stored as which message they say and its values (issue 35 §1), and said
// in the reader's language when read: the list, the daily digest. Rows written before keep the
// English text they were written with, and are shown as stored.
import type { Translate } from '../../../lib/i18n';

/** What fills a notice's message: names and numbers, never words of ours. */
type NoticeValues = Record<string, string | number>;

type Values<K extends string> = Record<K, string | number>;

/** "Chapter 12" or "Chapter 12: The Storm" (`number`, `chapterTitle`), as the reader names it. */
const chapterLabel = (t: Translate, values: Values<'number' | 'chapterTitle'>) =>
  values.chapterTitle
    ? t('notices.chapter.labelTitled', { number: values.number, title: values.chapterTitle })
    : t('notices.chapter.label', { number: values.number });

/** A role on a series' team (issue 37 §3), as the reader's language names it. */
const SERIES_TEAM_ROLES: Record<string, string> = {
  creator: 'notices.seriesTeam.role.creator',
  translator: 'notices.seriesTeam.role.translator',
  uploader: 'notices.seriesTeam.role.uploader',
};
const teamRole = (t: Translate, role: string | number) =>
  t(SERIES_TEAM_ROLES[String(role)] ?? 'notices.seriesTeam.role.uploader');

/** Each notice's words: its title and description in `t`'s language, from its stored values. */
const NOTICES = {
  welcome: (t: Translate, _values: Values<never>) => ({
    title: t('notices.welcome.title'),
    description: t('notices.welcome.description'),
  }),
  gift: (t: Translate, values: Values<'series' | 'username' | 'coins' | 'message'>) => ({
    title: t('notices.gift.title', { series: values.series }),
    description: values.message
      ? t('notices.gift.descriptionWithMessage', { username: values.username, coins: values.coins, message: values.message })
      : t('notices.gift.description', { username: values.username, coins: values.coins }),
  }),
  // The reply's excerpt is the replier's own words; a reply with none says to open it.
  commentReply: (t: Translate, values: Values<'username' | 'excerpt'>) => ({
    title: t('notices.commentReply.title', { username: values.username }),
    description: values.excerpt ? String(values.excerpt) : t('notices.commentReply.open'),
  }),
  newChapter: (t: Translate, values: Values<'series' | 'number' | 'chapterTitle'>) => ({
    title: t('notices.newChapter.title', { series: values.series }),
    description: t('notices.newChapter.description', { chapter: chapterLabel(t, values) }),
  }),
  chapterFree: (t: Translate, values: Values<'series' | 'number' | 'chapterTitle'>) => ({
    title: t('notices.chapterFree.title', { series: values.series }),
    description: t('notices.chapterFree.description', { chapter: chapterLabel(t, values) }),
  }),
  passReady: (t: Translate, values: Values<'series'>) => ({
    title: t('notices.passReady.title', { series: values.series }),
    description: t('notices.passReady.description', { series: values.series }),
  }),
  // A place on a series' team (issue 37 §3): given, changed, taken, and the leave to publish.
  seriesTeamAdded: (t: Translate, values: Values<'series' | 'role'>) => ({
    title: t('notices.seriesTeam.added.title', { series: values.series }),
    description: t('notices.seriesTeam.added.description', { role: teamRole(t, values.role) }),
  }),
  seriesTeamChanged: (t: Translate, values: Values<'series' | 'role'>) => ({
    title: t('notices.seriesTeam.changed.title', { series: values.series }),
    description: t('notices.seriesTeam.changed.description', { role: teamRole(t, values.role) }),
  }),
  seriesTeamRemoved: (t: Translate, values: Values<'series'>) => ({
    title: t('notices.seriesTeam.removed.title', { series: values.series }),
    description: t('notices.seriesTeam.removed.description'),
  }),
  seriesTeamCanPublish: (t: Translate, values: Values<'series'>) => ({
    title: t('notices.seriesTeam.canPublish.title', { series: values.series }),
    description: t('notices.seriesTeam.canPublish.description'),
  }),
  seriesTeamCannotPublish: (t: Translate, values: Values<'series'>) => ({
    title: t('notices.seriesTeam.cannotPublish.title', { series: values.series }),
    description: t('notices.seriesTeam.cannotPublish.description'),
  }),
} satisfies Record<string, (t: Translate, values: never) => { title: string; description: string }>;

export type NoticeMessage = keyof typeof NOTICES;

/** A notice to store: which message, with the values that message fills. */
export type Notice = { [M in NoticeMessage]: { message: M; values: Parameters<(typeof NOTICES)[M]>[1] } }[NoticeMessage];

/** A notice as stored: its message and values, or (written before issue 35) its English words. */
export interface StoredNotice {
  title: string | null;
  description: string | null;
  message: string | null;
  messageValues: NoticeValues | null;
}

const isNoticeMessage = (message: string | null): message is NoticeMessage => message !== null && Object.hasOwn(NOTICES, message);

/** A stored notice's title and description in `t`'s language; an older row as it was written. */
export function renderNotice(t: Translate, notice: StoredNotice): { title: string; description: string } {
  if (isNoticeMessage(notice.message)) {
    const render = NOTICES[notice.message] as (t: Translate, values: NoticeValues) => { title: string; description: string };
    return render(t, notice.messageValues ?? {});
  }
  return { title: notice.title ?? '', description: notice.description ?? '' };
}
