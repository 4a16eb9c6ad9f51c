import { fillPath, ROUTES } from '@inkwell/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import { NotifyWhenFree } from './notify-when-free';

const CHAPTER_ID = '00000000-0000-4000-8000-000000000002';
const path = fillPath(ROUTES.notifyWhenFreeAdd.path, { chapterId: CHAPTER_ID });
const answer = (notify: boolean) => () => Response.json({ success: true, data: { chapterId: CHAPTER_ID, notify } });

const renderToggle = () =>
  renderInApp(
    <>
      <NotifyWhenFree chapterId={CHAPTER_ID} />
      <Toaster />
    </>,
  );

describe('Notify me when free', () => {
  it('shows what the reader asked for, and asks or stops asking at a click', async () => {
    const sent: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${path}`]: answer(false),
      [`PUT ${path}`]: () => (sent.push('PUT'), answer(true)()),
      [`DELETE ${path}`]: () => (sent.push('DELETE'), answer(false)()),
    });
    renderToggle();
    const button = await screen.findByRole('button', { name: 'Notify me when free' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('status')).toHaveTextContent('The bell will tell you the moment it is free.');
    await waitFor(() => expect(sent).toEqual(['PUT']));

    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() => expect(sent).toEqual(['PUT', 'DELETE']));
  });

  it('starts pressed when the reader already asked', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(readerUser), [`GET ${path}`]: answer(true) });
    renderToggle();
    const button = await screen.findByRole('button', { name: 'Notify me when free' });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  });

  it('goes back and says so when the server refuses', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${path}`]: answer(false),
      [`PUT ${path}`]: () =>
        Response.json(
          {
            success: false,
            message: 'This chapter is already free to read',
            error: { code: 'validation_failed', message: 'This chapter is already free to read' },
          },
          { status: 400 },
        ),
    });
    renderToggle();
    const button = await screen.findByRole('button', { name: 'Notify me when free' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByText('This chapter is already free to read')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('offers nothing when the chapter cannot be asked about', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${path}`]: () =>
        Response.json(
          { success: false, message: 'Chapter not found', error: { code: 'chapter_not_found', message: 'Chapter not found' } },
          { status: 404 },
        ),
    });
    renderToggle();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Notify me when free' })).not.toBeInTheDocument());
  });
});
