import { ROUTES } from '@inkwell/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { readerKeyOf } from '../../team/metrics';
import { askedOf } from './catalogue.routes';
import type { CatalogueService } from './catalogue.service';

/** An endpoint's path as a pattern whose groups are its parameters. */
const pathPattern = (template: string) => new RegExp(`^${template.replace(/:[A-Za-z]+/g, '([^/?]+)')}(?:\\?|$)`);
const SERIES = pathPattern(ROUTES.series.path);
const CHAPTER = pathPattern(ROUTES.chapter.path);

/**
 * Issue 11 §1: a visitor served a rendered page another visitor's request drew did not call the
 * API themselves; the series and chapter reads that page made count their view as those calls
 * would have (once per reader per day, bots left out), from the answers already kept.
 */
export function sharedPageViews(catalogue: CatalogueService, clock: Clock, secret: string) {
  return async (request: FastifyRequest, apiPaths: readonly string[]): Promise<void> => {
    const reader = readerKeyOf(request, secret, clock.now());
    if (!reader) return;
    // The visitor as the page's reads saw them: with their answer at an adult gate (issue 36 §4).
    const visitor = askedOf(request);
    for (const path of apiPaths) {
      try {
        const chapter = CHAPTER.exec(path);
        if (chapter) {
          await catalogue.chapterJson(
            decodeURIComponent(chapter[1] ?? ''),
            decodeURIComponent(chapter[2] ?? ''),
            visitor,
            reader,
          );
          continue;
        }
        const series = SERIES.exec(path);
        if (series) await catalogue.seriesJson(decodeURIComponent(series[1] ?? ''), visitor, reader);
      } catch (error) {
        // A page that showed a gate (or no such series) was no read: nothing to count.
        if (!(error instanceof AppError)) throw error;
      }
    }
  };
}
