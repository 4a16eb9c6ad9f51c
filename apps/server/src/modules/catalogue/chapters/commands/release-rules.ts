import { AppError } from '../../../../lib/app-error';

/** Whether a novel chapter's (sanitized) text holds any words: markup and spaces alone are empty. */
export function hasReadableText(html: string | null | undefined): boolean {
  return (
    (html ?? '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

/**
 * Issue 33 §5: a chapter goes out, now or at its scheduled time, only with something to read — a
 * comic with at least one page, a novel with its text. A comic is therefore created as a draft.
 */
export function refuseEmptyRelease(seriesType: 'comic' | 'novel', pageCount: number, content: string | null) {
  if (seriesType === 'comic' && pageCount === 0) {
    const message = 'apiErrors.catalogue.releaseNeedsPage';
    throw new AppError('validation_failed', message, { fields: { publishedAt: message } });
  }
  if (seriesType === 'novel' && !hasReadableText(content)) {
    const message = 'apiErrors.catalogue.releaseNeedsText';
    throw new AppError('validation_failed', message, { fields: { content: message } });
  }
}

export const onlyNovelsHaveText = () =>
  new AppError('validation_failed', 'apiErrors.catalogue.onlyNovelsHaveText', {
    fields: { content: 'apiErrors.catalogue.onlyNovelsHaveText' },
  });
