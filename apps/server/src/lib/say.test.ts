// Success answers say their message in the request's language too (decision 0040, issue 35 §1).
import { LOCALE_COOKIE } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PORTUGUESE = { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' };

describe('success answers in the reader’s language', () => {
  it('says forgot-password, change-password and a comment report in Portuguese when asked', async () => {
    const forgot = await callEndpoint(t, 'forgotPassword', {
      body: { email: 'nobody-here@example.com' },
      headers: PORTUGUESE,
      remoteAddress: '10.77.0.1',
    });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({
      success: true,
      message: 'Se alguma conta usa esse e-mail, um link para redefinir a senha está a caminho.',
    });

    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const changed = await callEndpoint(t, 'changePassword', {
      cookie: `${cookie}; ${LOCALE_COOKIE}=pt-BR`,
      body: { currentPassword: user.password, newPassword: 'harbor-lights-93' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Sua senha foi alterada. Os outros dispositivos foram desconectados.');

    const series = await buildSeries(t);
    const chapter = await buildChapter(t, series.id, { number: 1 });
    const writer = await signedInUser(t);
    const comment = (
      await callEndpoint(t, 'commentCreate', { cookie: writer.cookie, body: { chapterId: chapter.id, body: 'Hm' } })
    ).body.data;
    const reader = await signedInUser(t);
    const report = () =>
      callEndpoint(t, 'commentReport', {
        cookie: `${reader.cookie}; ${LOCALE_COOKIE}=es`,
        headers: PORTUGUESE,
        params: { id: comment.id },
        body: { reason: 'Spoiler' },
      });
    // The picker's cookie comes before Accept-Language.
    expect((await report()).body.message).toBe('Gracias, el equipo lo revisará');
    expect((await report()).body.message).toBe('Ya has denunciado este comentario');
  });

  it('fills values and plurals, and answers in English to a request that names no language', async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    const target = await buildUser(t.db);
    const banned = await callEndpoint(t, 'adminUserUpdate', {
      cookie,
      headers: PORTUGUESE,
      params: { id: target.id },
      body: { role: 'editor', banned: true },
    });
    expect(banned.status).toBe(200);
    expect(banned.body.message).toBe(`${target.username} agora é editor; ${target.username} foi banido e desconectado`);

    const english = await callEndpoint(t, 'adminUserUpdate', { cookie, params: { id: target.id }, body: { banned: false } });
    expect(english.body.message).toBe(`${target.username} can sign in again`);
  });
});
