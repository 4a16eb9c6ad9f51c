// Decision 0040: every error answer names its message (`error.reason`, a catalogue id) and says it
// in the request's language: the picker's cookie, then Accept-Language, then the signed-in
// reader's stored language, then the site's default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const wrongLogin = (headers: Record<string, string> = {}) =>
  callEndpoint(t, 'login', { body: { username: 'nobody_here', password: 'not-the-password' }, headers });

describe('error answers in the reader’s language', () => {
  it('name their message in error.reason and keep error.code for clients to switch on', async () => {
    const answer = await wrongLogin();
    expect(answer.status).toBe(401);
    expect(answer.body.error).toEqual({
      code: 'invalid_credentials',
      reason: 'apiErrors.identity.invalidCredentials',
      message: 'Invalid e-mail, username or password',
    });
    expect(answer.body.message).toBe('Invalid e-mail, username or password');
  });

  it('say a service’s error in Portuguese for a browser that asks for it', async () => {
    const answer = await wrongLogin({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' });
    expect(answer.body.error.code).toBe('invalid_credentials');
    expect(answer.body.error.message).toBe('E-mail, nome de usuário ou senha inválidos');
    expect(answer.body.message).toBe('E-mail, nome de usuário ou senha inválidos');
  });

  it('follow the picker’s cookie before Accept-Language', async () => {
    const answer = await wrongLogin({ cookie: 'inkwell_lang=pt-BR', 'accept-language': 'es' });
    expect(answer.body.error.message).toBe('E-mail, nome de usuário ou senha inválidos');
  });

  it('fill a message’s values, and send them with its id', async () => {
    const answer = await callEndpoint(t, 'seriesChapters', {
      params: { slug: 'no-such-series' },
      headers: { 'accept-language': 'es' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ reason: 'apiErrors.seriesNotFound', message: 'Serie no encontrada' });
    const route = await t.app.inject({ method: 'GET', url: '/api/no/such/route', headers: { 'accept-language': 'pt-BR' } });
    expect(route.json().error).toMatchObject({
      code: 'not_found',
      reason: 'apiErrors.request.noRoute',
      values: { method: 'GET', path: '/api/no/such/route' },
      message: 'Não há rota para GET /api/no/such/route',
    });
  });

  it('say the schemas’ field messages in Spanish', async () => {
    const answer = await callEndpoint(t, 'register', {
      body: { email: 'not-an-address', username: 'x', password: 'short' },
      headers: { 'accept-language': 'es-MX' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.reason).toBe('apiErrors.request.invalidField');
    expect(answer.body.error.fields).toMatchObject({
      email: 'Escribe una dirección de correo electrónico válida',
      username: 'El nombre de usuario debe tener de 3 a 24 letras, dígitos o guiones bajos',
      password: 'La contraseña debe tener al menos 8 caracteres',
    });
    expect(answer.body.error.message).toBe(`email: ${answer.body.error.fields.email}`);
  });

  it('say zod’s own message, for a schema that has none, in Portuguese', async () => {
    const reader = await loginAs(t.app, await buildUser(t.db));
    const answer = await callEndpoint(t, 'preferencesUpdate', {
      cookie: reader,
      body: { contentLanguages: 'pt-BR' },
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.contentLanguages).toMatch(/^Entrada inválida: esperava/);
    const english = await callEndpoint(t, 'preferencesUpdate', { cookie: reader, body: { contentLanguages: 'pt-BR' } });
    expect(english.body.error.fields.contentLanguages).toMatch(/^Invalid input: expected array/);
  });

  it('follow a signed-in reader’s stored language when the request names none', async () => {
    const reader = await loginAs(t.app, await buildUser(t.db));
    expect((await callEndpoint(t, 'preferencesUpdate', { cookie: reader, body: { locale: 'es' } })).status).toBe(200);
    const answer = await callEndpoint(t, 'preferencesUpdate', { cookie: reader, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('body: No hay nada que cambiar');
    const named = await callEndpoint(t, 'preferencesUpdate', {
      cookie: reader,
      body: {},
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(named.body.error.message).toBe('body: Nada para alterar');
  });
});
