import { ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { findUserByUsername } from '../modules/identity/users';
import { isInvalidTextError } from './errors';

let t: TestContext;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
});
afterAll(async () => {
  await t?.close();
});

function expectRefused(
  response: { statusCode: number; json(): { success: boolean; error: { code: string; fields?: Record<string, string> } } },
  field: string,
) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.success).toBe(false);
  expect(body.error.code).toBe('validation_failed');
  expect(body.error.fields?.[field]).toMatch(/NUL character/);
}

// Issue 7 §4.4: NUL was a 500 with a stack trace in the log.
describe('a NUL character in any input is a 400, never a 500', () => {
  it.each([
    ['search', `${ROUTES.searchSeries.path}?q=%00abc`, 'q'],
    ['the series list by genre', `${ROUTES.seriesList.path}?genre=%00`, 'genre'],
    ['a series slug', `${ROUTES.seriesList.path}/%00`, 'slug'],
    ['a chapter slug', `${ROUTES.seriesList.path}/some-series/chapters/a%00b`, 'chapterSlug'],
  ])('in the query or path of %s (no login needed)', async (_label, url, field) => {
    const response = await t.app.inject({ method: 'GET', url });
    expectRefused(response, field);
  });

  it('in a path no route names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing/%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it.each([
    ['username', { username: 'a\u0000b', password: 'whatever-it-is' }],
    ['password', { username: 'someone', password: 'pass\u0000word' }],
  ])('in the login body (%s)', async (field, payload) => {
    const response = await t.app.inject({ method: 'POST', url: ROUTES.login.path, headers: { origin: TEST_ORIGIN }, payload });
    expectRefused(response, field);
  });

  it('in a registration, which then creates nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: ROUTES.register.path,
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'nul@example.com', username: 'nul_user', password: 'quiet\u0000harbour-lamp-58' },
    });
    expectRefused(response, 'password');
    expect(await findUserByUsername(t.db, 'nul_user')).toBeUndefined();
  });

  it('in a nested team body field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: ROUTES.teamSeriesCreate.path,
      headers: { origin: TEST_ORIGIN, cookie: editor },
      payload: { type: 'novel', title: 'Null\u0000Title', alternativeNames: 'x' },
    });
    expectRefused(response, 'title');
  });

  it('in the forgot-password e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: ROUTES.forgotPassword.path,
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'someone\u0000@example.com' },
    });
    expectRefused(response, 'email');
  });
});

describe('the database refusing text (the safety net behind the guard)', () => {
  it('is recognised from the real driver error, and so answered with a 400', async () => {
    const error = await findUserByUsername(t.db, 'a\u0000b').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isInvalidTextError(error)).toBe(true);
    expect(isInvalidTextError(new Error('something else'))).toBe(false);
  });
});
