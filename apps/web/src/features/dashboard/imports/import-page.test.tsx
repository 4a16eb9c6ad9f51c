import type { Import } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import ImportPage from './import-page';

const TEAM = '/api/omegascans/secure/team';
const IMPORT_ID = '00000000-0000-4000-8000-0000000000c1';
const SERIES_ID = '00000000-0000-4000-8000-0000000000a1';
const editor = { ...readerUser, id: 'e1', role: 'editor' as const, username: 'ed' };
const translator = {
  ...readerUser,
  id: 't1',
  username: 'lina',
  seriesRoles: [{ seriesId: SERIES_ID, role: 'translator' as const, canPublish: false }],
};

const run = (patch: Partial<Import>): Import => ({
  id: IMPORT_ID,
  origin: 'upload',
  source: 'library.zip',
  seriesId: null,
  seriesTitle: null,
  createdBy: 'e1',
  publish: false,
  dryRun: false,
  status: 'queued',
  total: 0,
  done: 0,
  current: null,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  items: [],
  error: null,
  createdAt: '2026-07-01T12:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...patch,
});

const finished = run({
  status: 'done',
  total: 3,
  done: 3,
  created: 2,
  failed: 1,
  items: [
    { path: 'Ink/Ink c001.cbz', action: 'created', kind: 'chapter', chapterId: 'ch1', seriesId: 's1', label: 'Chapter 1' },
    { path: 'Ink', action: 'created', kind: 'series', seriesId: 's1', label: 'Ink and Ash' },
    {
      path: 'Ink/broken.cbz',
      action: 'failed',
      kind: 'chapter',
      code: 'apiErrors.imports.archiveBroken',
      reason: 'broken.cbz is not a zip archive',
    },
  ],
});

const seriesList = () =>
  Response.json({
    success: true,
    data: {
      items: [{ id: SERIES_ID, title: 'Ink and Ash' }],
      pagination: { page: 1, perPage: 100, total: 1, totalPages: 1 },
    },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the Import page', () => {
  it('follows a running import each second, then shows its summary with the failed item first and its reason', async () => {
    const answers = [
      run({ status: 'running', total: 3, done: 1, current: 'Ink/Ink c002.cbz' }),
      run({ status: 'running', total: 3, done: 2, current: 'Ink/broken.cbz' }),
      finished,
    ];
    let asked = 0;
    mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`${TEAM}/series`]: seriesList,
      [`GET ${TEAM}/imports`]: () => Response.json({ success: true, data: [] }),
      [`${TEAM}/imports/${IMPORT_ID}`]: () => Response.json({ success: true, data: answers[Math.min(asked++, 2)] }),
    });
    renderRoutes([{ path: '/Dashboard/Import', element: <ImportPage /> }], `/Dashboard/Import?id=${IMPORT_ID}`);
    const bar = await screen.findByRole('progressbar', { name: '1 of 3 items' });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('Now: Ink/Ink c002.cbz')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: '2 of 3 items' }, { timeout: 2500 })).toBeInTheDocument();
    await screen.findByTestId('import-created', {}, { timeout: 2500 });
    expect(screen.getByTestId('import-created')).toHaveTextContent('Created2');
    expect(screen.getByTestId('import-failed')).toHaveTextContent('Failed1');
    expect(screen.queryByRole('progressbar')).toBeNull();
    const items = screen.getAllByTestId('import-item');
    expect(items[0]).toHaveTextContent('Ink/broken.cbz');
    // The reason as the server said it, in the page's language.
    expect(items[0]).toHaveTextContent('broken.cbz is not a zip archive');
    expect(within(items[2]!).getByRole('link', { name: 'Open the series' })).toHaveAttribute(
      'href',
      '/Dashboard/Series/Series/EditSerie/s1',
    );
    const before = asked;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(asked).toBe(before);
  });

  it('shows a failed item’s reason as the server gives it, and “nothing changed” on a second run', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`${TEAM}/series`]: seriesList,
      [`GET ${TEAM}/imports`]: () => Response.json({ success: true, data: [] }),
      [`${TEAM}/imports/${IMPORT_ID}`]: () =>
        Response.json({
          success: true,
          data: run({
            status: 'done',
            unchanged: 2,
            items: [
              { path: 'Ink', action: 'unchanged', kind: 'series', seriesId: 's1' },
              { path: 'Ink/odd.cbz', action: 'failed', kind: 'chapter', code: 'weird', reason: 'Something odd' },
            ],
          }),
        }),
    });
    renderRoutes([{ path: '/Dashboard/Import', element: <ImportPage /> }], `/Dashboard/Import?id=${IMPORT_ID}`);
    expect(await screen.findByText('Something odd')).toBeInTheDocument();
    expect(screen.getByText('Nothing changed since the last import.')).toBeInTheDocument();
  });

  it('lists the recent imports and shows one when asked', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`${TEAM}/series`]: seriesList,
      [`GET ${TEAM}/imports`]: () => {
        const { items: _items, ...row } = finished;
        return Response.json({ success: true, data: [row] });
      },
      [`${TEAM}/imports/${IMPORT_ID}`]: () => Response.json({ success: true, data: finished }),
    });
    renderRoutes([{ path: '/Dashboard/Import', element: <ImportPage /> }], '/Dashboard/Import');
    expect(await screen.findByText(/2 created, 0 updated, 0 unchanged, 1 failed/)).toBeInTheDocument();
    expect(screen.getByText(/npm run import/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show the import of library.zip' }));
    expect(await screen.findByText('broken.cbz is not a zip archive')).toBeInTheDocument();
  });

  it('uploads a .zip with “Publish at once” and follows the import it starts', async () => {
    const sent: FormData[] = [];
    class FakeRequest {
      status = 202;
      response: unknown = null;
      withCredentials = false;
      responseType = '';
      upload = { onprogress: null as null | ((event: ProgressEvent) => void) };
      onload: null | (() => void) = null;
      onerror = null;
      onabort = null;
      method = '';
      url = '';
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      send(body: FormData) {
        sent.push(body);
        this.response = { success: true, data: run({ status: 'queued' }) };
        setTimeout(() => this.onload?.(), 0);
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`${TEAM}/series`]: seriesList,
      [`GET ${TEAM}/imports`]: () => Response.json({ success: true, data: [] }),
      [`${TEAM}/imports/${IMPORT_ID}`]: () => Response.json({ success: true, data: run({ status: 'queued' }) }),
    });
    const { router } = renderRoutes([{ path: '/Dashboard/Import', element: <ImportPage /> }], '/Dashboard/Import');
    const input = await screen.findByLabelText('File');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Choose a .zip file.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { files: [new File(['zip'], 'library.zip')] } });
    fireEvent.click(screen.getByLabelText(/Publish at once/));
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${IMPORT_ID}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('publish')).toBe('true');
    expect(sent[0]!.get('seriesId')).toBeNull();
    expect((sent[0]!.get('file') as File).name).toBe('library.zip');
    expect(await screen.findByText('Waiting for the importer to start…')).toBeInTheDocument();
  });

  it('offers a series’ translator one file into their series only, as a draft unless they may publish', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(translator),
      [`${TEAM}/series`]: seriesList,
      [`GET ${TEAM}/imports`]: () => Response.json({ success: true, data: [] }),
    });
    renderRoutes([{ path: '/Dashboard/Import', element: <ImportPage /> }], '/Dashboard/Import');
    const series = await screen.findByLabelText('Series');
    expect(screen.queryByLabelText(/Series folders, zipped/)).toBeNull();
    await screen.findByRole('option', { name: 'Ink and Ash' });
    fireEvent.change(series, { target: { value: SERIES_ID } });
    expect(screen.queryByLabelText(/Publish at once/)).toBeNull();
    expect(screen.getByText(/The chapters come in as drafts/)).toBeInTheDocument();
  });
});
