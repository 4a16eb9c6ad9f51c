import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../test/render';
import ProfileMePage from './pages/profile-me-page';

// Issue 35 §2: the languages a reader reads series in, kept in their account (PATCH ME/preferences).

const ok = (data: unknown) => Response.json({ success: true, data, message: 'ok' });

function serve(contentLanguages: string[]) {
  const sent: unknown[] = [];
  mockApi({
    [ROUTES.verify.path]: verifyAs(readerUser),
    [ROUTES.profile.path]: () =>
      ok({
        ...readerUser,
        autoUnlock: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        avatarVersion: 0,
        twoFactorEnabled: false,
        locale: null,
        contentLanguages,
      }),
    [`GET ${ROUTES.twoFactorStatus.path}`]: () => ok({ enabled: false, recoveryCodesLeft: 0 }),
    [`PATCH ${ROUTES.preferencesUpdate.path}`]: (init) => {
      const body = JSON.parse(String(init?.body)) as { contentLanguages: string[] };
      sent.push(body);
      return ok({ locale: null, contentLanguages: body.contentLanguages });
    },
  });
  renderInApp(<ProfileMePage />);
  return sent;
}

describe('Languages I read', () => {
  it('lists the reader’s languages in order, adds one after them and removes one, saving each change', async () => {
    const sent = serve(['es']);
    const section = await screen.findByTestId('content-languages');
    expect(within(section).getByRole('heading', { name: 'Languages I read' })).toBeInTheDocument();
    expect(within(section).getByRole('listitem')).toHaveTextContent('1.Spanish');
    const add = within(section).getByRole('combobox', { name: 'Add a language you read' });
    // A language already chosen is not offered again.
    expect(within(add).queryByRole('option', { name: 'Spanish' })).toBeNull();

    fireEvent.change(add, { target: { value: 'pt-BR' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(sent).toEqual([{ contentLanguages: ['es', 'pt-BR'] }]);
    expect(within(section).getAllByRole('listitem')[1]).toHaveTextContent('2.Brazilian Portuguese');

    fireEvent.click(within(section).getByRole('button', { name: 'Remove Spanish' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(sent[1]).toEqual({ contentLanguages: ['pt-BR'] });
  });

  it('offers no more once five are chosen', async () => {
    serve(['es', 'pt-BR', 'fr', 'de', 'ko']);
    const section = await screen.findByTestId('content-languages');
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).queryByRole('combobox')).toBeNull();
    expect(section).toHaveTextContent('You have chosen 5 languages: remove one to add another.');
  });
});
