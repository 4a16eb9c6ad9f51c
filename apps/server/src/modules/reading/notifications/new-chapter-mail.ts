import type { Translate } from '../../../lib/i18n';
import type { JobData } from '../../platform/jobs';
import type { DigestEntry, MailRecipient, ReleasedChapter } from './new-chapter.repository';
import { renderNotice } from './notice-messages';

export type MailJob = JobData['mail.send'];

/** "Chapter 12" or "Chapter 12: The Storm" in the reader's language, for their e-mails. */
function mailChapterLabel(t: Translate, chapter: Pick<ReleasedChapter, 'number' | 'title'>): string {
  return chapter.title
    ? t('mail.chapter.labelTitled', { number: chapter.number, title: chapter.title })
    : t('mail.chapter.label', { number: chapter.number });
}

/** The push about a new chapter, in the reader's language (`t`): the bell's notice in their words. */
export function newChapterPush(t: Translate, chapter: ReleasedChapter): { title: string; body: string } {
  const label = chapter.title
    ? t('push.chapter.labelTitled', { number: chapter.number, title: chapter.title })
    : t('push.chapter.label', { number: chapter.number });
  return {
    title: t('push.newChapter.title', { series: chapter.seriesTitle }),
    body: t('push.newChapter.body', { chapter: label }),
  };
}

/** The reader's page of a chapter (SPEC §2). */
export function chapterLink(chapter: Pick<ReleasedChapter, 'seriesSlug' | 'slug'>): string {
  return `/SeriesView/${encodeURIComponent(chapter.seriesSlug)}/${encodeURIComponent(chapter.slug)}`;
}

/**
 * RFC 2369 and RFC 8058: mail clients show their own unsubscribe button, and may POST
 * `List-Unsubscribe=One-Click` to the same link.
 */
function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function footer(t: Translate, publicUrl: string, unsubscribeUrl: string): string[] {
  return [
    '',
    '—',
    t('mail.footer.why'),
    t('mail.footer.often', { url: `${publicUrl}/profile/notifications` }),
    t('mail.footer.unsubscribe', { url: unsubscribeUrl }),
  ];
}

/** The instant e-mail about one new chapter, in the reader's language (`t`). */
export function newChapterMail(
  to: MailRecipient,
  chapter: ReleasedChapter,
  /** `link`: the chapter's address when it is not the original's (a translation, `?lang=`). */
  urls: { publicUrl: string; unsubscribeUrl: string; link?: string },
  t: Translate,
): MailJob {
  const label = mailChapterLabel(t, chapter);
  return {
    to: to.email,
    subject: t('mail.newChapter.subject', { series: chapter.seriesTitle, chapter: label }),
    text: [
      t('mail.greeting', { username: to.username }),
      '',
      t('mail.newChapter.out', { chapter: label, series: chapter.seriesTitle }),
      `${urls.publicUrl}${urls.link ?? chapterLink(chapter)}`,
      ...footer(t, urls.publicUrl, urls.unsubscribeUrl),
    ].join('\n'),
    headers: unsubscribeHeaders(urls.unsubscribeUrl),
  };
}

/**
 * The daily digest: every new chapter since the last one, with a link to each (`more`: left out for
 * length), in the reader's language (`t`); each line is the bell's notice in that language.
 */
export function digestMail(
  to: MailRecipient,
  entries: DigestEntry[],
  more: number,
  urls: { publicUrl: string; unsubscribeUrl: string },
  t: Translate,
): MailJob {
  const count = entries.length + more;
  return {
    to: to.email,
    subject: t('mail.digest.subject', { count }),
    text: [
      t('mail.greeting', { username: to.username }),
      '',
      t('mail.digest.intro', { count }),
      '',
      ...entries.flatMap((entry) => {
        const { title, description } = renderNotice(t, entry);
        return [`• ${title} — ${description}`, `  ${urls.publicUrl}${entry.link ?? ''}`];
      }),
      ...(more > 0 ? ['', t('mail.digest.more', { more, url: `${urls.publicUrl}/profile/notifications` })] : []),
      ...footer(t, urls.publicUrl, urls.unsubscribeUrl),
    ].join('\n'),
    headers: unsubscribeHeaders(urls.unsubscribeUrl),
  };
}
