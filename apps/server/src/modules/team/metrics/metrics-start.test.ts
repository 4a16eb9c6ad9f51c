import type { TeamMetrics } from '@inkwell/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

// Issue 40: an instance prepares the dashboards' first answers before it takes requests, so its
// first readers do not share PostgreSQL's cores with that work (app.ts, METRICS_WARM_BEFORE_OPEN_MS).

let t: TestContext;

beforeAll(async () => {
  // Scheduled work on, as an instance runs: its start prepares the dashboards.
  t = await createTestApp({ jobs: { runSchedules: true } });
});
afterAll(async () => {
  await t?.close();
});

it('opens once the range picker’s presets are prepared: the first editor gets the answer made before it opened', async () => {
  const drafts = async () => {
    const { rows } = await t.executeSql('select count(*)::int as n from series where not is_published');
    return (rows[0] as { n: number }).n;
  };
  const before = await drafts();
  // Written as soon as the instance is open (as another instance would): a warm-up still running
  // would count it, one done before the doors opened does not.
  await t.executeSql(`insert into series (type, title, slug, is_published) values ('novel', 'Late Draft', 'late-draft', false)`);
  const cookie = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  const response = await callEndpoint(t, 'teamMetrics', { query: '', cookie });
  expect(response.status).toBe(200);
  expect((response.body.data as TeamMetrics).now.draftSeries).toBe(before);
  expect(await drafts()).toBe(before + 1);
});
