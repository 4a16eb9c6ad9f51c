import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { EditForm, useEditForm } from './edit-form';

/** A one-field form as a page would write it; `send` stands for the API. */
function TitleForm({ send, moveOnTo }: { send(title: string): Promise<void>; moveOnTo?: string }) {
  const navigate = useNavigate();
  const form = useEditForm(() => ({ title: 'The Lantern Keeper' }));
  const submit = () =>
    form.save(form.values.title.trim() ? {} : { title: 'Title is required' }, async () => {
      await send(form.values.title);
      if (moveOnTo) void navigate(moveOnTo);
    });
  return (
    <>
      <Link to="/elsewhere">Somewhere else</Link>
      <Link to="?tab=chapters">Chapters tab</Link>
      <EditForm label="Edit series" form={form} onSubmit={() => void submit()} submitLabel="Save series" busyLabel="Saving…">
        <TextField
          label="Title"
          value={form.values.title}
          onChange={(e) => form.set('title', e.target.value)}
          error={form.errors.title}
        />
      </EditForm>
    </>
  );
}

const renderForm = (send: (title: string) => Promise<void>, moveOnTo?: string) =>
  renderRoutes(
    [
      { path: '/edit', element: <TitleForm send={send} {...(moveOnTo ? { moveOnTo } : {})} /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    '/edit',
  );

const typeTitle = (value: string) => fireEvent.change(screen.getByLabelText('Title'), { target: { value } });
const beforeUnloadIsStopped = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

/** A longer form: the field the server refuses is the second one, far from the message at the top. */
function CreditsForm({ send }: { send(): Promise<void> }) {
  const form = useEditForm(() => ({ title: 'The Lantern Keeper', author: '' }));
  const submit = () => form.save(form.values.title.trim() ? {} : { title: 'Title is required' }, send);
  return (
    <EditForm label="Credits" form={form} onSubmit={() => void submit()} submitLabel="Save credits">
      <TextField
        label="Title"
        value={form.values.title}
        onChange={(e) => form.set('title', e.target.value)}
        error={form.errors.title}
      />
      <TextField
        label="Author"
        value={form.values.author}
        onChange={(e) => form.set('author', e.target.value)}
        error={form.errors.author}
      />
    </EditForm>
  );
}

describe('a refused form (issue 33 §5)', () => {
  it('brings the first field in error into view and focuses it, and clears its message once it is changed', async () => {
    const scrolled: Element[] = [];
    // jsdom lays nothing out, so it has no scrollIntoView: record who asks to be brought into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const send = vi.fn().mockRejectedValueOnce(
      new ApiError(400, 'Author: Use the name printed on the cover', 'validation_failed', {
        author: 'Use the name printed on the cover',
      }),
    );
    renderRoutes([{ path: '/', element: <CreditsForm send={send} /> }]);
    fireEvent.click(screen.getByRole('button', { name: 'Save credits' }));
    const author = screen.getByLabelText('Author');
    await waitFor(() => expect(author).toHaveFocus());
    expect(scrolled).toContain(author);
    expect(author).toHaveAccessibleDescription('Use the name printed on the cover');

    fireEvent.change(author, { target: { value: 'Mira Holt' } });
    expect(author).not.toHaveAccessibleDescription('Use the name printed on the cover');
    expect(author).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();

    // The contract's own refusal does the same, for the first field in the form's order.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save credits' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
});

describe('the edit form frame', () => {
  it('says when there are unsaved changes, is busy while saving, and is clean once saved', async () => {
    let finish = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm(send);
    const form = screen.getByRole('form', { name: 'Edit series' });
    expect(form).not.toHaveTextContent('Unsaved changes');

    typeTitle('The Lantern Keeper, revised');
    expect(form).toHaveTextContent('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save series' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(send).toHaveBeenCalledWith('The Lantern Keeper, revised');

    await act(async () => finish());
    expect(await screen.findByRole('button', { name: 'Save series' })).toBeEnabled();
    expect(form).not.toHaveTextContent('Unsaved changes');
  });

  it('shows the contract’s errors and the server’s refusal without sending or losing the changes', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('Another series already uses this title'));
    renderForm(send);
    typeTitle(' ');
    fireEvent.click(screen.getByRole('button', { name: 'Save series' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(send).not.toHaveBeenCalled();

    typeTitle('Taken');
    fireEvent.click(screen.getByRole('button', { name: 'Save series' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another series already uses this title');
    expect(screen.getByRole('form', { name: 'Edit series' })).toHaveTextContent('Unsaved changes');
  });

  it('asks before leaving the page with unsaved changes; staying keeps them, leaving goes', async () => {
    const { router } = renderForm(vi.fn());
    typeTitle('Half-typed');
    fireEvent.click(screen.getByRole('link', { name: 'Somewhere else' }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Title')).toHaveValue('Half-typed');

    fireEvent.click(screen.getByRole('link', { name: 'Somewhere else' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave this page' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('lets the editor go without a question when nothing changed, or within the page', async () => {
    const { router } = renderForm(vi.fn());
    typeTitle('Half-typed');
    fireEvent.click(screen.getByRole('link', { name: 'Chapters tab' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=chapters'));
    expect(screen.queryByRole('dialog')).toBeNull();

    typeTitle('The Lantern Keeper');
    fireEvent.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not stop a form that moves on once it has saved', async () => {
    renderForm(
      vi.fn(() => Promise.resolve()),
      '/elsewhere',
    );
    typeTitle('A new series');
    fireEvent.click(screen.getByRole('button', { name: 'Save series' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has the browser ask before closing or reloading the tab only while changes are unsaved', async () => {
    renderForm(vi.fn(() => Promise.resolve()));
    expect(beforeUnloadIsStopped()).toBe(false);
    typeTitle('Half-typed');
    expect(beforeUnloadIsStopped()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save series' }));
    await waitFor(() => expect(screen.getByRole('form')).not.toHaveTextContent('Unsaved changes'));
    expect(beforeUnloadIsStopped()).toBe(false);
  });
});
