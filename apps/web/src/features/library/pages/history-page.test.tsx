import { ROUTES, fillPath } from '@inkwell/contract';
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useT } from '../../../lib/i18n/i18n-context';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { chapterId, historyEntry, ok } from '../library-fixtures';
import { placeLabel } from '../components/history-item';
import HistoryPage from './history-page';

const renderPage = () => renderRoutes([{ path: '/profile/history', element: <HistoryPage /> }], '/profile/history');
const pageInfo = (total: number) => ({ page: 1, perPage: 20, total, totalPages: 1 });

describe('/profile/history', () => {
  it('lists the chapters opened, newest first, with where the reader got to; removes one, or all after asking', async () => {
    let items = [
      historyEntry(1, 'The Lantern Keeper', 3, { page: 4, position: 0.3 }),
      historyEntry(2, 'Willowmere', 1, { position: 0.45 }),
      historyEntry(1, 'The Lantern Keeper', 2, { completed: true, page: 10, position: 1 }),
    ];
    items[1]!.series.type = 'novel';
    const calls: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.history.path]: (init) => {
        if (init?.method === 'DELETE') {
          calls.push('clear');
          items = [];
          return Response.json({ success: true, message: 'History cleared' });
        }
        return ok({ items, pagination: pageInfo(items.length) });
      },
      [`DELETE ${fillPath(ROUTES.historyRemove.path, { chapterId: chapterId(102) })}`]: () => {
        calls.push('remove');
        items = items.filter((entry) => entry.chapter.id !== chapterId(102));
        return Response.json({ success: true, message: 'Removed from history' });
      },
    });
    renderPage();
    const rows = await screen.findAllByTestId('history-item');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^The Lantern KeeperChapter 3Page 41 hour ago$/),
      expect.stringMatching(/^WillowmereChapter 145%1 hour ago$/),
      expect.stringMatching(/^The Lantern KeeperChapter 2Read1 hour ago$/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: /Chapter 3/ })).toHaveAttribute(
      'href',
      '/SeriesView/the-lantern-keeper/chapter-3',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Chapter 2 of The Lantern Keeper from history' }));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear your history?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    expect(await screen.findByRole('heading', { name: 'No history yet' })).toBeInTheDocument();
    expect(calls).toEqual(['remove', 'clear']);
  });

  it('says what a place means in words', () => {
    const entry = { completed: false, page: null, position: null };
    const t = renderHook(() => useT()).result.current;
    expect(placeLabel(t, { ...entry, completed: true }, 'comic')).toBe('Read');
    expect(placeLabel(t, { ...entry, page: 7, position: 0.6 }, 'comic')).toBe('Page 7');
    expect(placeLabel(t, { ...entry, position: 0.6 }, 'novel')).toBe('60%');
    expect(placeLabel(t, entry, 'novel')).toBe('Opened');
  });
});
