import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, registrationToken, type TestContext } from '../../../../test/helpers';
import { auditLog, siteConfig, users } from '../../../db/schema';

let t: TestContext;
let admin: string;
let adminId: string;
let editor: string;
let reader: string;

const patch = (body: unknown, cookie = admin) => callEndpoint(t, 'adminSiteConfigUpdate', { cookie, body });

/** Two-factor sign-in on or off for a user, straight in the database (issue 10 builds the way to turn it on). */
async function setTwoFactor(userId: string, on: boolean) {
  await t.db
    .update(users)
    .set({ totpEnabledAt: on ? new Date() : null })
    .where(eq(users.id, userId));
}

async function storedKeys() {
  return (await t.db.select().from(siteConfig)).map((row) => row.key).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await buildUser(t.db, { role: 'admin' });
  adminId = adminUser.id;
  // Logged in first: the column is set afterwards, as once two-factor sign-in is turned on.
  admin = await loginAs(t.app, adminUser);
  await setTwoFactor(adminId, true);
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  reader = await loginAs(t.app, await buildUser(t.db));
});

afterAll(async () => {
  await t?.close();
});

describe('GET and PATCH ADMIN/site-config', () => {
  it('answers the defaults with every section before anything is set', async () => {
    const { status, body } = await callEndpoint(t, 'adminSiteConfig', { cookie: admin });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      site: {
        siteName: 'Inkwell',
        discordUrl: null,
        developerName: 'The Inkwell team',
        contacts: [],
        defaultLocale: 'en',
        defaultCurrency: 'usd',
      },
      ads: { enabled: false, scripts: '' },
      maintenance: { enabled: false, message: '' },
      registration: { open: true },
      payouts: { feePercent: 30, currency: 'usd', coinValueCents: 100, minimumCents: 2000, exchangeRates: {} },
      // Issue 36 §4: series marked Adult exist, for readers who opted in (decision 0041).
      content: { adultContent: true },
      twoFactorEnabled: true,
    });
  });

  it('changes only what is sent, answers the whole configuration and names the sections changed in the audit log', async () => {
    const { status, body } = await patch({
      site: {
        siteName: '  Inkwell Reader ',
        discordUrl: 'https://discord.gg/inkwell',
        contacts: [
          { kind: 'github', url: 'https://github.com/inkwell' },
          { kind: 'email', url: 'team@inkwell.example' },
        ],
      },
      ads: { enabled: true, scripts: '<script src="https://ads.example/tag.js"></script>' },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      site: {
        siteName: 'Inkwell Reader',
        discordUrl: 'https://discord.gg/inkwell',
        developerName: 'The Inkwell team',
        contacts: [
          { kind: 'github', url: 'https://github.com/inkwell' },
          { kind: 'email', url: 'mailto:team@inkwell.example' },
        ],
      },
      ads: { enabled: true, scripts: '<script src="https://ads.example/tag.js"></script>' },
      maintenance: { enabled: false, message: '' },
      registration: { open: true },
    });
    expect(await storedKeys()).toEqual(['ads', 'site']);

    // Part of a section: the rest of it stays.
    const second = await patch({ ads: { enabled: false } });
    expect(second.body.data.ads).toEqual({ enabled: false, scripts: '<script src="https://ads.example/tag.js"></script>' });
    expect((await callEndpoint(t, 'adminSiteConfig', { cookie: admin })).body.data.site.siteName).toBe('Inkwell Reader');

    // The public settings carry the site's part.
    const settings = await callEndpoint(t, 'siteSettings');
    expect(settings.body.data).toMatchObject({
      siteName: 'Inkwell Reader',
      discordUrl: 'https://discord.gg/inkwell',
      registrationOpen: true,
    });
    expect(settings.body.data.maintenance).toEqual({ enabled: false, message: '' });

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'adminSiteConfigUpdate'));
    expect(entries.map((entry) => [entry.targetType, entry.targetId, entry.targetLabel])).toEqual(
      expect.arrayContaining([
        ['site_config', 'site', 'site, ads'],
        ['site_config', 'site', 'ads'],
      ]),
    );
  });

  it('removes the Discord link with null or an empty string', async () => {
    expect((await patch({ site: { discordUrl: '' } })).body.data.site.discordUrl).toBeNull();
    expect((await patch({ site: { discordUrl: 'https://discord.gg/back' } })).body.data.site.discordUrl).toBe(
      'https://discord.gg/back',
    );
    expect((await patch({ site: { discordUrl: null } })).body.data.site.discordUrl).toBeNull();
  });

  it.each([
    ['a javascript: Discord link', { site: { discordUrl: 'javascript:alert(1)' } }, 'site.discordUrl'],
    ['a Discord link without a scheme', { site: { discordUrl: 'discord.gg/inkwell' } }, 'site.discordUrl'],
    ['a protocol-relative contact', { site: { contacts: [{ kind: 'website', url: '//evil.example' }] } }, 'site.contacts.0.url'],
    ['a data: contact', { site: { contacts: [{ kind: 'github', url: 'data:text/html,hi' }] } }, 'site.contacts.0.url'],
    [
      'an e-mail contact that is no address',
      { site: { contacts: [{ kind: 'email', url: 'mailto:nobody' }] } },
      'site.contacts.0.url',
    ],
    [
      'an unknown contact kind',
      { site: { contacts: [{ kind: 'myspace', url: 'https://myspace.com/x' }] } },
      'site.contacts.0.kind',
    ],
    ['an empty site name', { site: { siteName: '   ' } }, 'site.siteName'],
    ['a default language that is not one of ours', { site: { defaultLocale: 'fr' } }, 'site.defaultLocale'],
    ['a default currency Stripe does not take', { site: { defaultCurrency: 'xxx' } }, 'site.defaultCurrency'],
    ['scripts over 20,000 characters', { ads: { scripts: 'x'.repeat(20_001) } }, 'ads.scripts'],
    ['a maintenance message over 500 characters', { maintenance: { message: 'x'.repeat(501) } }, 'maintenance.message'],
    ['a flag that is not a boolean', { registration: { open: 'no' } }, 'registration.open'],
    ['a fee over 100 %', { payouts: { feePercent: 101 } }, 'payouts.feePercent'],
    ['a fee in part of a percent', { payouts: { feePercent: 12.5 } }, 'payouts.feePercent'],
    ['an unknown section', { theme: { dark: true } }, 'body'],
    ['an unknown field', { ads: { enabled: true, network: 'x' } }, 'ads'],
  ])('refuses %s with a message on the field, and changes nothing', async (_label, body, field) => {
    const before = (await callEndpoint(t, 'adminSiteConfig', { cookie: admin })).body.data;
    const { status, body: answer } = await patch(body);
    expect(status).toBe(400);
    expect(answer.error.code).toBe('validation_failed');
    expect(
      Object.keys(answer.error.fields ?? {}).some((key) => key === field || key.startsWith(`${field}.`) || field === 'body'),
    ).toBe(true);
    expect((await callEndpoint(t, 'adminSiteConfig', { cookie: admin })).body.data).toEqual(before);
  });

  it('sets the default language for readers whose browser names none of ours, and reads it back', async () => {
    const { status, body } = await patch({ site: { defaultLocale: 'pt-BR' } });
    expect(status).toBe(200);
    expect(body.data.site.defaultLocale).toBe('pt-BR');
    expect((await callEndpoint(t, 'adminSiteConfig', { cookie: admin })).body.data.site.defaultLocale).toBe('pt-BR');
    expect((await callEndpoint(t, 'siteSettings')).body.data.defaultLocale).toBe('pt-BR');
    expect((await patch({ site: { defaultLocale: 'en' } })).body.data.site.defaultLocale).toBe('en');
  });

  it('refuses an empty change', async () => {
    expect((await patch({})).status).toBe(400);
    expect((await patch({ ads: {} })).status).toBe(400);
  });

  it('takes scripts of exactly 20,000 characters', async () => {
    const scripts = `<script>${'x'.repeat(20_000 - 17)}</script>`;
    expect(scripts).toHaveLength(20_000);
    expect((await patch({ ads: { scripts } })).body.data.ads.scripts).toBe(scripts);
    await patch({ ads: { scripts: '' } });
  });

  it('needs two-factor sign-in for any change, whatever is sent; reading stays allowed', async () => {
    const other = await buildUser(t.db, { role: 'admin' });
    const cookie = await loginAs(t.app, other);
    const read = await callEndpoint(t, 'adminSiteConfig', { cookie });
    expect(read.status).toBe(200);
    expect(read.body.data.twoFactorEnabled).toBe(false);
    for (const body of [{ maintenance: { enabled: true } }, { nonsense: 1 }, {}]) {
      const { status, body: answer } = await patch(body, cookie);
      expect(status).toBe(403);
      expect(answer.error).toMatchObject({
        code: 'two_factor_required',
        message: "Turn on two-factor sign-in in your profile before changing the site's configuration",
      });
    }
    expect((await callEndpoint(t, 'adminSiteConfig', { cookie: admin })).body.data.maintenance.enabled).toBe(false);

    await setTwoFactor(other.id, true);
    expect((await patch({ registration: { open: true } }, cookie)).status).toBe(200);
  });

  it.each([
    ['a visitor', undefined, 401, 'unauthorized'],
    ['a reader', 'reader', 403, 'forbidden'],
    ['an editor', 'editor', 403, 'forbidden'],
  ] as const)('refuses %s', async (_label, who, status, code) => {
    const cookie = who === 'reader' ? reader : who === 'editor' ? editor : undefined;
    for (const name of ['adminSiteConfig', 'adminSiteConfigUpdate'] as const) {
      const answer = await callEndpoint(t, name, {
        cookie,
        body: name === 'adminSiteConfigUpdate' ? { maintenance: { enabled: true } } : undefined,
      });
      expect(answer.status).toBe(status);
      expect(answer.body.error.code).toBe(code);
    }
    expect((await callEndpoint(t, 'adminSiteConfig', { cookie: admin })).body.data.maintenance.enabled).toBe(false);
  });
});

describe('maintenance mode', () => {
  it('answers 503 with the message to visitors and readers, keeps the shell and sign-in open, and lets the team work', async () => {
    const series = await buildSeries(t);
    await buildChapter(t, series.id, { number: 1 });
    const ofSeries = { slug: series.slug };
    const on = await patch({ maintenance: { enabled: true, message: 'Back at 14:00 UTC with new chapters.' } });
    expect(on.status).toBe(200);

    for (const cookie of [undefined, reader]) {
      for (const [name, where] of [
        ['home', {}],
        ['series', { params: ofSeries }],
        ['searchSeries', { query: '?q=series' }],
        ['register', {}],
        ['forgotPassword', {}],
      ] as const) {
        const body =
          name === 'register' ? { email: 'x@example.com', username: 'late_one', password: 'violet-lantern-32' } : undefined;
        const answer = await callEndpoint(t, name, {
          ...where,
          cookie,
          body: name === 'forgotPassword' ? { email: 'x@example.com' } : body,
        });
        expect(answer.status, `${name} ${cookie ? 'reader' : 'visitor'}`).toBe(503);
        expect(answer.body.error).toEqual({
          code: 'maintenance',
          reason: 'apiErrors.team.maintenanceMessage',
          values: { message: 'Back at 14:00 UTC with new chapters.' },
          message: 'Back at 14:00 UTC with new chapters.',
        });
        expect(answer.headers['retry-after']).toBe('300');
      }
    }
    expect((await callEndpoint(t, 'notifications', { cookie: reader })).status).toBe(503);
    expect((await callEndpoint(t, 'profile', { cookie: reader })).status).toBe(503);

    // What the shell and the team need.
    const verify = await callEndpoint(t, 'verify', { cookie: reader });
    expect(verify.status).toBe(200);
    expect(verify.body.authenticated).toBe(true);
    const settings = await callEndpoint(t, 'siteSettings');
    expect(settings.status).toBe(200);
    expect(settings.body.data.maintenance).toEqual({ enabled: true, message: 'Back at 14:00 UTC with new chapters.' });
    expect(settings.headers['cache-control']).toBe('no-cache');
    expect((await callEndpoint(t, 'health')).status).toBe(200);
    const editorUser = await buildUser(t.db, { role: 'editor' });
    const editorCookie = await loginAs(t.app, editorUser);
    const wrongPassword = await callEndpoint(t, 'login', {
      body: { username: editorUser.username, password: 'not-the-password-1' },
    });
    expect(wrongPassword.body.error.code).toBe('invalid_credentials');
    const loggedOut = await callEndpoint(t, 'logout', { cookie: await loginAs(t.app, await buildUser(t.db)) });
    expect(loggedOut.status).toBe(200);

    // The team works on, public content included.
    expect((await callEndpoint(t, 'home', { cookie: editorCookie })).status).toBe(200);
    expect((await callEndpoint(t, 'series', { cookie: editorCookie, params: ofSeries })).status).toBe(200);
    expect((await callEndpoint(t, 'teamSeriesList', { cookie: editor })).status).toBe(200);
    expect((await callEndpoint(t, 'adminSiteConfig', { cookie: admin })).status).toBe(200);

    // Off again: everything answers as before.
    expect((await patch({ maintenance: { enabled: false } })).body.data.maintenance).toEqual({
      enabled: false,
      message: 'Back at 14:00 UTC with new chapters.',
    });
    expect((await callEndpoint(t, 'home')).status).toBe(200);
    expect((await callEndpoint(t, 'series', { cookie: reader, params: ofSeries })).status).toBe(200);
    expect((await callEndpoint(t, 'notifications', { cookie: reader })).status).toBe(200);
    // The draft message is not shown to the public while maintenance is off.
    expect((await callEndpoint(t, 'siteSettings')).body.data.maintenance).toEqual({ enabled: false, message: '' });
  });

  it('answers the HTML of public pages 503 with Retry-After for crawlers; sign-in and the dashboard stay 200', async () => {
    const web = await createTestApp({
      indexHtml: '<!doctype html><html><head><title>Inkwell</title></head><body><div id="root"></div></body></html>',
    });
    try {
      const owner = await buildUser(web.db, { role: 'admin' });
      const cookie = await loginAs(web.app, owner);
      await web.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, owner.id));
      const page = (url: string) => web.app.inject({ method: 'GET', url });
      const setMaintenance = (enabled: boolean) =>
        callEndpoint(web, 'adminSiteConfigUpdate', { cookie, body: { maintenance: { enabled } } });

      expect((await page('/comics')).statusCode).toBe(200);
      expect((await setMaintenance(true)).status).toBe(200);
      for (const url of ['/', '/comics', '/SeriesView/anything']) {
        const answer = await page(url);
        expect(answer.statusCode, url).toBe(503);
        expect(answer.headers['retry-after']).toBe('300');
        // The app itself still comes: it shows the maintenance page.
        expect(answer.body).toContain('<div id="root"></div>');
      }
      for (const url of ['/login', '/Dashboard/Configuration']) expect((await page(url)).statusCode, url).toBe(200);
      expect((await setMaintenance(false)).status).toBe(200);
      expect((await page('/comics')).statusCode).toBe(200);
    } finally {
      await web.close();
    }
  });

  it('says a default message when the admin left it empty', async () => {
    await patch({ maintenance: { enabled: true, message: '' } });
    try {
      expect((await callEndpoint(t, 'home')).body.error).toEqual({
        code: 'maintenance',
        reason: 'apiErrors.team.maintenance',
        message: 'The site is down for maintenance. Please come back in a little while.',
      });
    } finally {
      await patch({ maintenance: { enabled: false } });
    }
  });
});

describe('registration', () => {
  it('answers 403 registration_closed while closed, whatever was sent, and creates nobody', async () => {
    // A link mailed before sign-ups closed does not open an account while they are closed.
    const earlier = { email: 'earlier.reader@example.com', username: 'earlier_reader', password: 'violet-lantern-32' };
    expect((await callEndpoint(t, 'register', { body: earlier })).status).toBe(202);
    const token = await registrationToken(t, earlier.email);
    expect((await patch({ registration: { open: false } })).body.data.registration).toEqual({ open: false });
    expect((await callEndpoint(t, 'siteSettings')).body.data.registrationOpen).toBe(false);
    const count = async () => (await t.db.select({ id: users.id }).from(users)).length;
    const before = await count();
    for (const body of [
      { email: 'new.reader@example.com', username: 'new_reader', password: 'violet-lantern-32' },
      { email: 'nope' },
    ]) {
      const answer = await callEndpoint(t, 'register', { body });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual({
        code: 'registration_closed',
        reason: 'apiErrors.team.registrationClosed',
        message: 'Registration is closed for now',
      });
    }
    const confirm = await callEndpoint(t, 'registerConfirm', { body: { token } });
    expect(confirm.status).toBe(403);
    expect(confirm.body.error.code).toBe('registration_closed');
    expect(await count()).toBe(before);

    await patch({ registration: { open: true } });
    const open = await callEndpoint(t, 'register', {
      body: { email: 'new.reader@example.com', username: 'new_reader', password: 'violet-lantern-32' },
    });
    expect(open.status).toBe(202);
    expect((await callEndpoint(t, 'registerConfirm', { body: { token } })).status).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});

describe('adult content in the configuration (issue 36 §4)', () => {
  it('turns adult content off and on, refusing anything but a boolean and changing nothing then', async () => {
    expect((await patch({ content: { adultContent: 'no' } })).status).toBe(400);
    expect((await patch({ content: { adultContent: false } })).body.data.content).toEqual({ adultContent: false });
    expect((await callEndpoint(t, 'adminSiteConfig', { cookie: admin })).body.data.content.adultContent).toBe(false);
    expect((await patch({ content: { adultContent: true } })).body.data.content).toEqual({ adultContent: true });
  });
});
