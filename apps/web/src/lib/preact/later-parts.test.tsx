import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act } from 'preact/test-utils';

// As the browser's build runs it (decision 0048): the app's React imports are Preact's compat layer.
vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const { hydrateRoot, createRoot } = await import('./client');
const { LaterPart } = await import('../later-part');

/** The IntersectionObserver the parts watch with, moved by hand: `reach()` brings every watched part near. */
const watched = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>();
function reach() {
  for (const observer of [...watched])
    observer.callback(
      observer.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
}
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        watched.add(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      disconnect() {
        watched.delete(this.entry);
      }
    },
  );
});

/** Lets the part's promise settle and Preact draw what it queued. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

let container: HTMLElement;
afterEach(() => {
  container.remove();
  watched.clear();
  vi.unstubAllGlobals();
});

/** A row the server drew below the fold, as React's server render spells a part: its box, Suspense's comments, the part. */
function serverPage() {
  container = document.body.appendChild(document.createElement('div'));
  container.innerHTML =
    '<main><h1>Home</h1><div class="later"><!--$--><div class="contents"><ul class="row old"><li><a href="/SeriesView/a">A</a></li></ul></div><!--/$--></div></main>';
  return container;
}

const drawn: string[] = [];
function Row({ className }: { className: string }) {
  drawn.push(className);
  return (
    <ul className={className}>
      <li>
        <a href="/SeriesView/a">A</a>
      </li>
    </ul>
  );
}
function Page({ rowClass = 'row' }: { rowClass?: string }) {
  return (
    <main>
      <h1>Home</h1>
      <LaterPart className="later">
        <Row className={rowClass} />
      </LaterPart>
    </main>
  );
}

test("a part below the fold keeps the server's nodes and is drawn over them only once the reader nears it", async () => {
  drawn.length = 0;
  const root = serverPage();
  const serverRow = root.querySelector('ul')!;
  await act(async () => {
    hydrateRoot(root, <Page />);
    await settled();
  });
  // Taken over without drawing the row: the server's nodes are where they were, as they were.
  expect(drawn).toEqual([]);
  expect(root.querySelector('ul')).toBe(serverRow);
  expect(serverRow.className).toBe('row old');
  expect(root.querySelector('h1')?.textContent).toBe('Home');

  await act(async () => {
    reach();
    await settled();
  });
  // Drawn over the same nodes, attributes mended as the rest of the page is (not hydrated as they were).
  expect(drawn).toEqual(['row']);
  expect(root.querySelector('ul')).toBe(serverRow);
  expect(serverRow.className).toBe('row');
  expect(root.querySelectorAll('ul')).toHaveLength(1);
  expect(root.querySelector('.later > .contents > ul')).toBe(serverRow);
});

test('a tap or focus inside a waiting part draws it at once', async () => {
  drawn.length = 0;
  const root = serverPage();
  await act(() => {
    hydrateRoot(root, <Page />);
  });
  expect(drawn).toEqual([]);
  await act(async () => {
    root.querySelector('a')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    await settled();
  });
  expect(drawn).toEqual(['row']);
  expect(root.querySelector('ul')?.className).toBe('row');
});

test('a page drawn in the browser (a link followed) draws its later parts at once', async () => {
  drawn.length = 0;
  container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(() => {
    root.render(<Page />);
  });
  expect(drawn).toEqual(['row']);
  expect(container.querySelector('.later ul')?.className).toBe('row');
  expect(watched.size).toBe(0);
});
