import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test/render';
import { ListFrame, type ListQuery } from './list-frame';

type Page = {
  items: { id: string; name: string }[];
  pagination: { page: number; perPage: number; total: number; totalPages: number };
};

const pending: ListQuery<Page> = { isPending: true, isError: false, data: undefined, refetch: () => undefined };
const loaded = (data: Page): ListQuery<Page> => ({ isPending: false, isError: false, data, refetch: () => undefined });

const renderFrame = (query: ListQuery<Page>, path = '/Dashboard/Things') =>
  renderInApp(
    <ListFrame
      title="Things"
      description="Every thing, newest first."
      filters={<input type="search" aria-label="Search things" />}
      query={query}
      loading="Loading things…"
      error="We could not load the things."
      empty="No things yet."
      count={(total) => `${total} ${total === 1 ? 'thing' : 'things'}`}
    >
      {(items) => (
        <ul aria-label="Things">
          {items.map((item) => (
            <li key={item.id}>{item.name}</li>
          ))}
        </ul>
      )}
    </ListFrame>,
    path,
  );

describe('the list frame', () => {
  it('shows the title, the filters and a loading line while the list is on its way', () => {
    renderFrame(pending);
    expect(screen.getByRole('heading', { name: 'Things', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Every thing, newest first.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toBeInTheDocument();
    expect(screen.getByText('Loading things…')).toBeInTheDocument();
  });

  it('says when the list could not be loaded, and tries again on request', () => {
    const refetch = vi.fn();
    renderFrame({ isPending: false, isError: true, data: undefined, refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the things.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says when there is nothing to show', () => {
    renderFrame(loaded({ items: [], pagination: { page: 1, perPage: 20, total: 0, totalPages: 0 } }));
    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Things' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows the items with their count and links to the other pages, keeping the filters', () => {
    renderFrame(
      loaded({
        items: [
          { id: 'a', name: 'Anchor' },
          { id: 'b', name: 'Bell' },
        ],
        pagination: { page: 2, perPage: 2, total: 5, totalPages: 3 },
      }),
      '/Dashboard/Things?q=b&page=2',
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Anchor', 'Bell']);
    expect(screen.getByText('5 things')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/Dashboard/Things?q=b');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/Dashboard/Things?q=b&page=3');
    expect(pages.querySelector('[aria-current="page"]')).toHaveTextContent('2');
  });
});
