import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderInApp, SessionChecked, verifyAs } from '../../test/render';
import { LanguageChoice } from './language-choice';

const PREFERENCES = '/api/omegascans/secure/me/preferences';

function choose(locale: string) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, href: 'http://localhost/SeriesView/x?lang=pt-BR&page=2', assign });
  fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: locale } });
  return assign;
}

afterEach(() => {
  document.cookie = 'inkwell_lang=; path=/; max-age=0';
});

describe('the language picker (issue 35 §1)', () => {
  it('keeps a visitor’s language in the cookie and draws the page again in it, without ?lang=', async () => {
    const api = mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    renderInApp(
      <>
        <LanguageChoice />
        <SessionChecked />
      </>,
    );
    await screen.findByTestId('session-checked');
    const assign = choose('es');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/SeriesView/x?page=2'));
    expect(document.cookie).toContain('inkwell_lang=es');
    expect(api.mock.calls.some(([url]) => String(url).includes(PREFERENCES))).toBe(false);
  });

  it('saves a signed-in reader’s language in their account, for their e-mails and pushes, before the page is drawn again', async () => {
    const saved: unknown[] = [];
    mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      [`PATCH ${PREFERENCES}`]: (init) => {
        saved.push(JSON.parse(String(init?.body)));
        return Response.json({ success: true, data: { locale: 'pt-BR' } });
      },
    });
    renderInApp(
      <>
        <LanguageChoice />
        <SessionChecked />
      </>,
    );
    await screen.findByTestId('session-checked');
    const assign = choose('pt-BR');
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(saved).toEqual([{ locale: 'pt-BR' }]);
    expect(document.cookie).toContain('inkwell_lang=pt-BR');
  });
});
