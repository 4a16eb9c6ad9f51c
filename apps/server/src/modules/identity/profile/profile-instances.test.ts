import { ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInUser } from '../../../../test/factories';
import { multipart, png } from '../../../../test/fixtures';
import {
  callEndpoint,
  createTestApp,
  eventually,
  startSecondInstance,
  TEST_ORIGIN,
  type SecondInstance,
  type TestContext,
} from '../../../../test/helpers';

// Issue 36 §1 on two instances of one PostgreSQL: a reader's new name and avatar, changed through
// one, are what the other's session and profile say on their next request (its kept session is
// forgotten through the event, over LISTEN/NOTIFY; the clock stands still, so nothing runs out).

const target = inject('testDatabase');
let t: TestContext;
let other: SecondInstance;

beforeAll(async () => {
  if (target.kind !== 'postgres') return;
  t = await createTestApp();
  other = await startSecondInstance(t);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe.skipIf(target.kind !== 'postgres')('a profile changed through one instance, on the other', () => {
  it('carries the new username and avatar version in the other’s session and profile at once', async () => {
    const { user, cookie } = await signedInUser(t);
    const onOther = async () => (await callEndpoint(other, 'profile', { cookie })).body.data;
    // The other instance keeps the reader's session a few seconds once read.
    expect(await onOther()).toMatchObject({ username: user.username, avatarVersion: 0 });

    const name = `moved_${Date.now() % 1e9}`;
    expect((await callEndpoint(t, 'profileUpdate', { cookie, body: { username: name } })).status).toBe(200);
    expect(await eventually(async () => (await onOther()).username === name)).toBe(true);

    const body = multipart([{ field: 'avatar', name: 'me.png', type: 'image/png', data: await png(100, 100) }]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: ROUTES.avatarPut.path,
      headers: { origin: TEST_ORIGIN, cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const { avatarUrl } = uploaded.json().data as { avatarUrl: string };
    expect(await eventually(async () => (await onOther()).avatarVersion === 1)).toBe(true);
    expect((await callEndpoint(other, 'verify', { cookie })).body.user).toMatchObject({
      username: name,
      avatarUrl,
      avatarVersion: 1,
    });
  });
});
