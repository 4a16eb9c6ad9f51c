import { USERS_PAGE_SIZE } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, type TestContext } from '../../../../test/helpers';
import { USER_SEARCH_COUNT_CAP } from './admin-users.repository';

/*
 * A name thousands of users share (issue 40): the search counts up to USER_SEARCH_COUNT_CAP and
 * says "at least" past it, and its pages, read by walking the newest users, are the newest matches
 * in order, as a rare name's are.
 */
let t: TestContext;
const TAG = `cn${Math.random().toString(36).slice(2, 7)}`;
const MADE = USER_SEARCH_COUNT_CAP + 30;
/** The username of the match made `i` minutes ago (0 the newest), interleaved with others among them. */
const nameOf = (i: number) => `${TAG}_${i}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.executeSql(`
    insert into users (email, username, password_hash, created_at)
    select '${TAG}' || i || '@example.com', '${TAG}_' || i, 'x', now() - (i || ' minutes')::interval
    from generate_series(0, ${MADE - 1}) i;
    insert into users (email, username, password_hash, created_at)
    select 'other' || i || '${TAG}x@example.net', 'other_${TAG.slice(2)}' || i, 'x', now() - (i || ' minutes')::interval - interval '30 seconds'
    from generate_series(0, 2 * ${MADE}) i`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const search = async (query: string) => {
  const { cookie } = await signedInUser(t, { role: 'admin' });
  const answer = await callEndpoint(t, 'adminUsers', { cookie, query });
  expect(answer.status).toBe(200);
  return answer.body.data as { items: { username: string }[]; pagination: Record<string, unknown> };
};
const names = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => nameOf(from + k));

describe('a name thousands of users share', () => {
  it(`counts up to ${USER_SEARCH_COUNT_CAP} and says there are at least that many`, async () => {
    const first = await search(`?q=${TAG}_`);
    expect(first.pagination).toEqual({
      page: 1,
      perPage: USERS_PAGE_SIZE,
      total: USER_SEARCH_COUNT_CAP,
      totalPages: Math.ceil(USER_SEARCH_COUNT_CAP / USERS_PAGE_SIZE),
      totalCapped: true,
    });
    expect(first.items.map((user) => user.username)).toEqual(names(0, USERS_PAGE_SIZE));
  });

  it('pages on past the count, newest first, and the last page counts them all', async () => {
    const pages = Math.floor(MADE / USERS_PAGE_SIZE);
    const full = await search(`?q=${TAG}_&page=${pages}`);
    expect(full.items.map((user) => user.username)).toEqual(names((pages - 1) * USERS_PAGE_SIZE, pages * USERS_PAGE_SIZE));
    // A full page past the count: there may be another.
    expect(full.pagination).toMatchObject({ total: USER_SEARCH_COUNT_CAP, totalCapped: true, totalPages: pages + 1 });
    const last = await search(`?q=${TAG}_&page=${pages + 1}`);
    expect(last.items.map((user) => user.username)).toEqual(names(pages * USERS_PAGE_SIZE, MADE));
    expect(last.pagination).toMatchObject({ total: MADE, totalCapped: false, totalPages: pages + 1 });
  });

  it('a rarer name among them is counted exactly', async () => {
    const few = await search(`?q=${nameOf(12)}`);
    // _12, and _120 … _129, _1200 … _1029 when made.
    const expected = Array.from({ length: MADE }, (_, i) => nameOf(i)).filter((name) => name.startsWith(nameOf(12)));
    expect(few.items.map((user) => user.username)).toEqual(expected.slice(0, USERS_PAGE_SIZE));
    expect(few.pagination).toMatchObject({ total: expected.length, totalCapped: false });
  });
});
