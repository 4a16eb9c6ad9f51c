import type { JobData } from '../../platform/jobs';
import type { DigestEntry, MailRecipient, ReleasedChapter } from './new-chapter.repository';

export type MailJob = JobData['mail.send'];

/** "Chapter 12" or "Chapter 12: The Storm", as the reader and the series page name it. */
export function chapterLabel(chapter: Pick<ReleasedChapter, 'number' | 'title'>): string {
  return `Chapter ${chapter.number}${chapter.title ? `: ${chapter.title}` : ''}`;
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

function footer(publicUrl: string, unsubscribeUrl: string): string[] {
  return [
    '',
    '—',
    'You get this e-mail because you follow this series on Inkwell and asked to hear about new chapters.',
    `Change how often at ${publicUrl}/profile/notifications`,
    `Unsubscribe with one click: ${unsubscribeUrl}`,
  ];
}

/** The instant e-mail about one new chapter. */
export function newChapterMail(
  to: MailRecipient,
  chapter: ReleasedChapter,
  urls: { publicUrl: string; unsubscribeUrl: string },
): MailJob {
  return {
    to: to.email,
    subject: `New chapter of ${chapter.seriesTitle}: ${chapterLabel(chapter)}`,
    text: [
      `Hello ${to.username},`,
      '',
      `${chapterLabel(chapter)} of ${chapter.seriesTitle} is out. Read it at:`,
      `${urls.publicUrl}${chapterLink(chapter)}`,
      ...footer(urls.publicUrl, urls.unsubscribeUrl),
    ].join('\n'),
    headers: unsubscribeHeaders(urls.unsubscribeUrl),
  };
}

/** The daily digest: every new chapter since the last one, with a link to each (`more`: left out for length). */
export function digestMail(
  to: MailRecipient,
  entries: DigestEntry[],
  more: number,
  urls: { publicUrl: string; unsubscribeUrl: string },
): MailJob {
  const count = entries.length + more;
  return {
    to: to.email,
    subject: count === 1 ? 'A new chapter of a series you follow' : `${count} new chapters of series you follow`,
    text: [
      `Hello ${to.username},`,
      '',
      count === 1 ? 'A new chapter came out since your last digest:' : `${count} new chapters came out since your last digest:`,
      '',
      ...entries.flatMap((entry) => [`• ${entry.title} — ${entry.description}`, `  ${urls.publicUrl}${entry.link ?? ''}`]),
      ...(more > 0 ? ['', `…and ${more} more: ${urls.publicUrl}/profile/notifications`] : []),
      ...footer(urls.publicUrl, urls.unsubscribeUrl),
    ].join('\n'),
    headers: unsubscribeHeaders(urls.unsubscribeUrl),
  };
}
