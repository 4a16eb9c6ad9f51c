import { ROUTES } from '@inkwell/contract';
import { renderHook, screen, within } from '@testing-library/react';
import { useT } from '../../../lib/i18n/i18n-context';
import { describe, expect, it } from 'vitest';
import { afterSessionCheck, mockApi, readerUser, renderInApp, SessionChecked, verifyAs } from '../../../../test/render';
import { historyEntry, ok } from '../library-fixtures';
import { ContinueReadingRow, continueTarget } from './continue-reading-row';

describe('home’s "Continue reading" row', () => {
  it('shows a reader the series read most recently, each where it picks up', async () => {
    const asked: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.history.path]: (_init, url) => {
        asked.push(new URL(url, 'http://x').search);
        return ok({
          items: [
            historyEntry(1, 'The Lantern Keeper', 3, {
              position: 0.4,
              continue: { chapterSlug: 'chapter-3', chapterNumber: 3, page: 2, position: 0.4 },
            }),
            historyEntry(2, 'Willowmere', 5, {
              completed: true,
              continue: { chapterSlug: 'chapter-6', chapterNumber: 6, page: null, position: null },
            }),
          ],
          pagination: { page: 1, perPage: 6, total: 2, totalPages: 1 },
        });
      },
    });
    renderInApp(<ContinueReadingRow />);
    const row = await screen.findByTestId('continue-reading');
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/SeriesView/the-lantern-keeper/chapter-3', 'The Lantern KeeperChapter 3'],
      ['/SeriesView/willowmere/chapter-6', 'WillowmereNext: chapter 6'],
    ]);
    expect(asked).toEqual(['?page=1&perPage=6&by=series']);
  });

  it('is not there for a visitor, who is not asked for a history', async () => {
    const fetchMock = mockApi({ [ROUTES.verify.path]: verifyAs(null) });
    renderInApp(
      <>
        <ContinueReadingRow />
        <SessionChecked />
      </>,
    );
    await afterSessionCheck();
    expect(screen.queryByRole('heading', { name: 'Continue reading' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes(ROUTES.history.path))).toEqual([]);
  });

  it('leads to the series page once everything out has been read', () => {
    const entry = historyEntry(1, 'The Lantern Keeper', 9, { completed: true, continue: null });
    expect(continueTarget(renderHook(() => useT()).result.current, entry)).toEqual({
      href: '/SeriesView/the-lantern-keeper',
      label: 'Read up to chapter 9',
      progress: 1,
    });
  });
});
