import { createHash } from 'node:crypto';
import { AUTH_RATE_LIMIT, FAILED_LOGIN_ACCOUNT_LIMIT, FAILED_LOGIN_LIMIT } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

/*
 * Issue 32: wrong device keys (HTTP Basic on OPDS and downloads) and wrong KOReader digests are
 * limited as failed sign-ins are (decision 0024): per account and address, per address whatever
 * the name, and per account from everywhere, a ceiling that never stops the account's own places.
 */
let t: TestContext;
let freeComic: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  const series = await buildSeries(t);
  freeComic = await buildChapter(t, series.id, { number: 1, pages: 1 });
});
afterAll(async () => {
  await t?.close();
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const basic = (username: string, secret: string) => `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`;

let addresses = 0;
/** An address of its own for each use: the tests here are about who guessed from where. */
const newAddress = () => {
  addresses += 1;
  return `10.32.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** A reader with a device key, signed in on the site from an address of their own (`site`). */
async function readerWithKey() {
  const user = await buildUser(t.db);
  const site = newAddress();
  const cookie = await loginAs(t.app, user, { remoteAddress: site });
  const made = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Panels' } })).body.data;
  return { username: user.username, key: made.key as string, site };
}
type Reader = Awaited<ReturnType<typeof readerWithKey>>;
const wrongKey = (reader: Reader) => `iwk_${'A'.repeat(32)}${reader.key.slice(-1)}`;

const opds = (who: { username: string; key: string }, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: '/opds/v1.2/catalog',
    remoteAddress,
    headers: { authorization: basic(who.username, who.key) },
  });
const download = (who: { username: string; key: string }, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: `/download/chapters/${freeComic.id}.cbz`,
    remoteAddress,
    headers: { authorization: basic(who.username, who.key) },
  });
const kosync = (who: { username: string; key: string }, remoteAddress: string, keyDigest = md5(who.key)) =>
  t.app.inject({
    method: 'GET',
    url: '/koreader/users/auth',
    remoteAddress,
    headers: { accept: 'application/vnd.koreader.v1+json', 'x-auth-user': who.username, 'x-auth-key': keyDigest },
  });

describe('wrong device keys', () => {
  it(`stops an address after ${FAILED_LOGIN_LIMIT.max} wrong keys for one reader, the right key included, while the reader's own key works elsewhere`, async () => {
    const reader = await readerWithKey();
    const guesser = newAddress();
    for (let attempt = 0; attempt < FAILED_LOGIN_LIMIT.max; attempt += 1) {
      expect((await opds({ ...reader, key: wrongKey(reader) }, guesser)).statusCode).toBe(401);
    }
    // A burst as the issue found it (300 wrong keys): every one past the limit is a 429.
    const burst = [];
    for (let attempt = 0; attempt < 300 - FAILED_LOGIN_LIMIT.max; attempt += 1)
      burst.push((await opds({ ...reader, key: wrongKey(reader) }, guesser)).statusCode);
    expect(new Set(burst)).toEqual(new Set([429]));
    const stopped = await opds(reader, guesser);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(stopped.json().error.code).toBe('rate_limited');
    expect((await download(reader, guesser)).statusCode).toBe(429);

    expect((await opds(reader, newAddress())).statusCode).toBe(200);
    expect((await download(reader, newAddress())).statusCode).toBe(200);
  });

  it(`lets no more than ${FAILED_LOGIN_LIMIT.max} of a burst of wrong keys sent at once be looked at, and counts no right key`, async () => {
    const reader = await readerWithKey();
    // Right keys sent at once leave nothing counted: the same number of wrong ones after them are 401s.
    const home = newAddress();
    const right = await Promise.all(Array.from({ length: FAILED_LOGIN_LIMIT.max }, () => opds(reader, home)));
    expect(right.map((answer) => answer.statusCode)).toEqual(Array(FAILED_LOGIN_LIMIT.max).fill(200));
    for (let attempt = 0; attempt < FAILED_LOGIN_LIMIT.max; attempt += 1)
      expect((await opds({ ...reader, key: wrongKey(reader) }, home)).statusCode).toBe(401);
    expect((await opds(reader, home)).statusCode).toBe(429);

    // Twenty wrong keys at once from one address: each is counted before its key is looked at.
    const guesser = newAddress();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? opds : download)({ ...reader, key: wrongKey(reader) }, guesser),
      ),
    );
    const statuses = burst.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILED_LOGIN_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - FAILED_LOGIN_LIMIT.max);
    expect((await opds(reader, guesser)).statusCode).toBe(429);
    // KOReader digests sent at once are counted the same way.
    const elsewhere = newAddress();
    const digests = await Promise.all(Array.from({ length: 20 }, (_, index) => kosync(reader, elsewhere, md5(`guess ${index}`))));
    expect(digests.filter((answer) => answer.statusCode === 401)).toHaveLength(FAILED_LOGIN_LIMIT.max);
    expect(digests.filter((answer) => answer.statusCode === 429)).toHaveLength(20 - FAILED_LOGIN_LIMIT.max);
    expect((await opds(reader, newAddress())).statusCode).toBe(200);
  });

  it(`stops an address after ${AUTH_RATE_LIMIT.max} wrong keys whatever the names, the password and nameless guesses counted too`, async () => {
    const guesser = newAddress();
    const readers = await Promise.all([readerWithKey(), readerWithKey(), readerWithKey()]);
    const guesses = [
      ...readers.map((reader) => () => download({ ...reader, key: wrongKey(reader) }, guesser)),
      () => opds({ username: 'nobody_here', key: 'password123' }, guesser),
      () =>
        t.app.inject({
          method: 'GET',
          url: '/opds/v1.2/catalog',
          remoteAddress: guesser,
          headers: { authorization: `Basic ${Buffer.from('no colon').toString('base64')}` },
        }),
    ];
    for (let attempt = 0; attempt < AUTH_RATE_LIMIT.max; attempt += 1) {
      expect((await guesses[attempt % guesses.length]!()).statusCode).toBe(401);
    }
    for (const reader of readers) expect((await opds(reader, guesser)).statusCode).toBe(429);
    expect((await opds(readers[0]!, newAddress())).statusCode).toBe(200);
  });

  it('stops guesses spread over many addresses at the account’s ceiling, but never the account’s own places (decision 0024)', async () => {
    const reader = await readerWithKey();
    const home = newAddress();
    expect((await opds(reader, home)).statusCode).toBe(200);
    const perAddress = FAILED_LOGIN_LIMIT.max;
    for (let done = 0; done < FAILED_LOGIN_ACCOUNT_LIMIT.max; done += perAddress) {
      const guesser = newAddress();
      for (let attempt = 0; attempt < perAddress; attempt += 1) await kosync(reader, guesser, md5(wrongKey(reader)));
    }
    // A new address waits out the ceiling, even with the right key, on either protocol.
    const stranger = newAddress();
    expect((await opds(reader, stranger)).statusCode).toBe(429);
    expect((await kosync(reader, stranger)).statusCode).toBe(429);
    // The address a key of theirs was used from, and the one signed in on the site, are theirs.
    expect((await opds(reader, home)).statusCode).toBe(200);
    expect((await kosync(reader, home)).json()).toEqual({ authorized: 'OK' });
    expect((await opds(reader, reader.site)).statusCode).toBe(200);
    // Another reader is not touched by it.
    expect((await opds(await readerWithKey(), stranger)).statusCode).toBe(200);
  });
});

describe('wrong KOReader digests', () => {
  it(`answer 429 in the protocol's own shape after ${FAILED_LOGIN_LIMIT.max}, with Retry-After, and the key is not even looked at`, async () => {
    const reader = await readerWithKey();
    const guesser = newAddress();
    for (let attempt = 0; attempt < FAILED_LOGIN_LIMIT.max; attempt += 1) {
      const answer = await kosync(reader, guesser, md5(`guess ${attempt}`));
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ code: 2001, message: 'Unauthorized' });
    }
    for (const digest of [md5('one more'), md5(reader.key)]) {
      const answer = await kosync(reader, guesser, digest);
      expect(answer.statusCode).toBe(429);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.json()).toEqual({
        code: 429,
        message: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?\.$/),
      });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await kosync(reader, newAddress())).json()).toEqual({ authorized: 'OK' });
  });
});
