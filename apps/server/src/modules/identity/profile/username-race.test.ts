import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, registrationToken, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { users } from '../../../db/schema';

// Issue 36 §1 under concurrency (run on PostgreSQL with TEST_DATABASE_URL): a name has one owner
// at a time, and a name given up is held for its owner whatever runs beside the change.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const freshName = (stem: string) => `${stem}_${(n += 1)}${Math.random().toString(36).slice(2, 6)}`;
const rename = (cookie: string, username: string) => callEndpoint(t, 'profileUpdate', { cookie, body: { username } });
const ownersOf = async (name: string) =>
  t.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name})`);

describe('usernames under concurrent changes', () => {
  it('gives a free name to exactly one of many readers asking for it at once', async () => {
    const readers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(t)));
    const name = freshName('Wanted');
    const answers = await Promise.all(readers.map((reader, i) => rename(reader.cookie, i % 2 ? name : name.toUpperCase())));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await ownersOf(name)).toHaveLength(1);
  });

  it('never lets another reader take a name while its owner gives it up', async () => {
    for (let round = 0; round < 5; round += 1) {
      const owner = await signedInUser(t, { username: freshName('Owner') });
      const rival = await signedInUser(t);
      const [away, taking] = await Promise.all([
        rename(owner.cookie, freshName('Elsewhere')),
        rename(rival.cookie, owner.user.username),
      ]);
      expect(away.status).toBe(200);
      expect(taking.status, JSON.stringify(taking.body)).toBe(409);
      expect(await ownersOf(owner.user.username)).toEqual([]);
    }
  });

  it('refuses a sign-up’s link for a name given up while the link is followed', async () => {
    for (let round = 0; round < 3; round += 1) {
      const name = freshName('Signup');
      const email = `${name}@example.com`;
      const remoteAddress = `10.77.${round}.1`;
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/proxy/public/register',
        remoteAddress,
        headers: { origin: TEST_ORIGIN },
        payload: { email, username: name, password: 'saffron-anchor-lake-47' },
      });
      expect(asked.statusCode).toBe(202);
      const token = await registrationToken(t, email);
      // Someone takes the name meanwhile, then gives it up as the link is followed.
      const owner = await signedInUser(t);
      expect((await rename(owner.cookie, name)).status).toBe(200);
      const [away, confirmed] = await Promise.all([
        rename(owner.cookie, freshName('Gone')),
        t.app.inject({
          method: 'POST',
          url: '/api/proxy/public/register/confirm',
          remoteAddress,
          headers: { origin: TEST_ORIGIN },
          payload: { token },
        }),
      ]);
      expect(away.status).toBe(200);
      expect(confirmed.statusCode, confirmed.body).toBe(409);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });
});
