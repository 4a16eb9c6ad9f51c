import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import { EmailPreferences } from './email-preferences';

const PATH = ROUTES.notificationPreferences.path;
const renderControl = () =>
  renderInApp(
    <>
      <EmailPreferences />
      <Toaster />
    </>,
  );

describe('E-mail me about new chapters', () => {
  it('shows the saved choice and saves another at once', async () => {
    const sent: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${PATH}`]: () => Response.json({ success: true, data: { newChapterEmail: 'off' } }),
      [`PATCH ${PATH}`]: (init) => {
        const body = JSON.parse(String(init?.body)) as unknown;
        sent.push(body);
        return Response.json({ success: true, data: body });
      },
    });
    renderControl();
    expect(await screen.findByRole('group', { name: 'E-mail me about new chapters' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Off/ })).toBeChecked());

    fireEvent.click(screen.getByRole('radio', { name: /Daily digest/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Daily digest/ })).toBeChecked());
    await waitFor(() => expect(sent).toEqual([{ newChapterEmail: 'daily' }]));

    fireEvent.click(screen.getByRole('radio', { name: /Instant/ }));
    await waitFor(() => expect(sent).toEqual([{ newChapterEmail: 'daily' }, { newChapterEmail: 'instant' }]));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Instant/ })).toBeChecked());
  });

  it('goes back to the saved choice and says so when saving fails', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${PATH}`]: () => Response.json({ success: true, data: { newChapterEmail: 'instant' } }),
      [`PATCH ${PATH}`]: () =>
        Response.json({ success: false, message: 'Oops', error: { code: 'internal_error', message: 'Oops' } }, { status: 500 }),
    });
    renderControl();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Instant/ })).toBeChecked());
    fireEvent.click(screen.getByRole('radio', { name: /Off/ }));
    expect(await screen.findByText('Your e-mail setting could not be saved. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Instant/ })).toBeChecked();
  });

  it('offers to try again when the setting cannot be loaded', async () => {
    let calls = 0;
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${PATH}`]: () => {
        calls += 1;
        return calls <= 2
          ? Response.json(
              { success: false, message: 'Oops', error: { code: 'internal_error', message: 'Oops' } },
              { status: 500 },
            )
          : Response.json({ success: true, data: { newChapterEmail: 'daily' } });
      },
    });
    renderControl();
    // The query asks twice (one retry) before it gives up.
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Daily digest/ })).toBeChecked());
  });
});
