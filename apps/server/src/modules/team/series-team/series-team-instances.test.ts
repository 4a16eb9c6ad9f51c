import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSeries, signedInUser } from '../../../../test/factories';
import {
  callEndpoint,
  createTestApp,
  eventually,
  startSecondInstance,
  type SecondInstance,
  type TestContext,
} from '../../../../test/helpers';

// Issue 37 §3 on two instances of one PostgreSQL: a place on a series' team given or taken through
// one is what the other's session says, and lets or refuses, on the member's next request (the
// kept session is forgotten through `series-team.changed`; the clock stands still, nothing runs out).

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

describe.skipIf(target.kind !== 'postgres')("a series' team changed through one instance, on the other", () => {
  it('gives and takes the series at once', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const member = await signedInUser(t);
    const series = await buildSeries(t, { title: 'Two instances, one team' });
    const seriesOnOther = () => callEndpoint(other, 'teamSeries', { cookie: member.cookie, params: { id: series.id } });
    const rolesOnOther = async () => (await callEndpoint(other, 'verify', { cookie: member.cookie })).body.user.seriesRoles;
    // The other instance reads the member's session now, and keeps it a few seconds.
    expect(await rolesOnOther()).toEqual([]);
    expect((await seriesOnOther()).status).toBe(403);

    const added = await callEndpoint(t, 'adminSeriesMemberPut', {
      cookie: admin.cookie,
      params: { id: series.id },
      body: { username: member.user.username, role: 'translator' },
    });
    expect(added.status).toBe(200);
    expect(await eventually(async () => (await rolesOnOther()).length === 1)).toBe(true);
    expect(await rolesOnOther()).toEqual([{ seriesId: series.id, role: 'translator', canPublish: false }]);
    expect((await seriesOnOther()).status).toBe(200);

    const removed = await callEndpoint(t, 'adminSeriesMemberDelete', {
      cookie: admin.cookie,
      params: { id: series.id, userId: member.user.id },
    });
    expect(removed.status).toBe(200);
    expect(await eventually(async () => (await seriesOnOther()).status === 403)).toBe(true);
    expect(await rolesOnOther()).toEqual([]);
  });
});
