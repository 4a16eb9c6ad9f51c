import { ROUTES, fillPath, type EndpointName, type Role } from '@inkwell/contract';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { zipSync } from 'fflate';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, teamOf } from '../test/factories';
import { multipart, png, type UploadFile } from '../test/fixtures';
import { createTestApp, lastMailTo, loginAs, TEST_ORIGIN, type TestContext } from '../test/helpers';
import { API_MATRIX, MATRIX_COLUMNS, parseMatrix, type MatrixColumn } from '../test/permission-matrix';
import { seedDemoStore } from './demo/seed-store';
import { moveCoins } from './modules/money/wallet';
import {
  announcements,
  auditLog,
  banners,
  bookmarks,
  chapterFreeAlerts,
  chapterEditions,
  chapterRentals,
  chapterPages,
  chapterUnlocks,
  chapters,
  coinPackages,
  comments,
  deviceKeys,
  genres,
  imports,
  notifications,
  passAlerts,
  payoutAccounts,
  payoutStatements,
  pendingRegistrations,
  pushSubscriptions,
  plans,
  purchases,
  readingProgress,
  readingYearShares,
  recoveryCodes,
  series,
  seriesAutoUnlocks,
  seriesEditions,
  seriesMembers,
  seriesPayees,
  seriesReaderSettings,
  seriesRelations,
  seriesTiers,
  sessions,
  siteConfig,
  subscriptions,
  users,
} from './db/schema';
import { createSecretToken, hashToken } from './lib/tokens';
import { insertResetToken } from './modules/identity/auth/password-reset.repository';

/*
 * Walks the permission matrix of test/permission-matrix.ts: for every endpoint and every column,
 * a valid request with real fixtures, sent with that column's session, must get the table's
 * status; when it is refused (and always for reader B acting on reader A's things) what it aimed
 * at must be exactly as it was. One app for the whole file; requests that would use up a shared
 * fixture (delete, ban, log out, change a password) get a fresh one each.
 */

const MATRIX = parseMatrix(API_MATRIX);
const DAY = 86_400_000;

type Account = Awaited<ReturnType<typeof buildUser>>;
/** A push service on a public address, written as one: a name would be looked up in DNS (and nothing here sends). */
const PUSH_SERVICE = 'https://[2606:4700::1111]/send';
/** What a browser's PushSubscription.toJSON() gives: a P-256 point (65 bytes, 0x04 first) and a 16-byte secret. */
function browserSubscription(endpoint: string) {
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
      auth: Buffer.alloc(16, 3).toString('base64url'),
    },
  };
}

interface Actor {
  column: MatrixColumn;
  user: Account | null;
  cookie?: string;
}

/** One request of the walk: what to send, and what it aims at (read before and after). */
interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  files?: UploadFile[];
  /** Sent with this session instead of the column's (a fresh account of the same role). */
  cookie?: string;
  remoteAddress?: string;
  state?: () => Promise<unknown>;
}

let t: TestContext;
let ips = 0;
/** Each login, registration and reset from an address of its own: these tests are not about rate limits. */
const nextIp = () => ((ips += 1), `10.42.${Math.floor(ips / 250)}.${ips % 250}`);

async function send(name: EndpointName, call: Call) {
  const route = ROUTES[name];
  const upload = call.files ? multipart(call.files) : undefined;
  const response = await t.app.inject({
    method: route.method,
    url: fillPath(route.path, call.params) + (call.query ?? ''),
    remoteAddress: call.remoteAddress ?? '127.0.0.1',
    headers: { origin: TEST_ORIGIN, ...(call.cookie ? { cookie: call.cookie } : {}), ...(upload?.headers ?? {}) },
    ...(upload ? { payload: upload.payload } : call.body !== undefined ? { payload: call.body as object } : {}),
  });
  return response;
}

const ROLE_OF: Record<Exclude<MatrixColumn, 'visitor'>, Role> = {
  reader: 'reader',
  premium: 'reader',
  editor: 'editor',
  admin: 'admin',
  readerB: 'reader',
  creator: 'reader',
  translator: 'reader',
};

/** The columns of a series' team (issue 37 §3): readers with a role on series A. */
const MEMBER_ROLE = { creator: 'creator', translator: 'translator' } as const;
const isMember = (column: MatrixColumn): column is keyof typeof MEMBER_ROLE => column in MEMBER_ROLE;

/**
 * Whom the walk builds the next request for: a member's fresh series are on their team (series A),
 * unless the request aims at series B, which no member's team has.
 */
let aim: { actor: Actor; onSeriesB: boolean } | null = null;

/** Puts the actor on the series' team with their column's role, as an admin would (every instance hears it). */
async function joinTeam(actor: Actor, seriesId: string) {
  if (!isMember(actor.column)) return;
  await t.db.insert(seriesMembers).values({ seriesId, userId: actor.user!.id, role: MEMBER_ROLE[actor.column] });
  t.app.services.events.publish({ type: 'series-team.changed', seriesId, userId: actor.user!.id });
}

// Shared fixtures, made once.
const f = {} as {
  actors: Record<MatrixColumn, Actor>;
  readerA: Actor;
  packageId: string;
  planId: string;
  genreId: string;
  series: { id: string; slug: string; title: string };
  freeChapter: { id: string; slug: string };
  lockedChapter: { id: string; slug: string };
  earlyChapter: { id: string; slug: string };
  workbench: { id: string };
  /** Series B: a series no member's team has (its chapters' translations go to a Spanish edition too). */
  benchB: { id: string; slug: string; title: string };
  announcement: { id: string; slug: string };
  purchaseOfA: string;
};

/** A pending coin purchase of the given account, through the real checkout. */
async function pendingPurchase(cookie: string): Promise<string> {
  const response = await send('checkout', { cookie, body: { kind: 'coins', packageId: f.packageId } });
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.body}`);
  return response.json().data.purchaseId;
}

async function paidPurchase(cookie: string, body: object = { kind: 'coins', packageId: f.packageId }): Promise<string> {
  const started = await send('checkout', { cookie, body });
  const purchaseId = started.json().data.purchaseId as string;
  const paid = await send('testCheckoutComplete', { cookie, params: { purchaseId } });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  return purchaseId;
}

/** A new account of the column's role with its own session (a plan for premium). */
async function fresh(column: MatrixColumn): Promise<Actor> {
  if (column === 'visitor') return { column, user: null };
  const user = await buildUser(t.db, { role: ROLE_OF[column] });
  const cookie = await loginAs(t.app, user);
  if (column === 'premium') await paidPurchase(cookie, { kind: 'plan', planId: f.planId });
  return { column, user, cookie };
}

/** The authenticator's code for the test clock's now. */
const authenticatorCode = (manualKey: string) =>
  generate({ secret: manualKey, epoch: Math.floor(t.clock.now().getTime() / 1000) });

/** Turns two-factor sign-in on for the account, as its owner would; the clock moves on a step so its next code is new. */
async function withTwoFactor(account: Actor) {
  const setup = await send('twoFactorSetup', { cookie: account.cookie });
  const manualKey = setup.json().data.manualKey as string;
  const enabled = await send('twoFactorEnable', { cookie: account.cookie, body: { code: await authenticatorCode(manualKey) } });
  if (enabled.statusCode !== 200) throw new Error(`two-factor sign-in did not turn on: ${enabled.body}`);
  t.clock.advance(30_000);
  return { ...account, manualKey, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

const rowsOf = (table: PgTable, where: SQL | undefined) => t.db.select().from(table).where(where);
const countOf = async (table: PgTable, where?: SQL) => (await t.db.select({ n: count() }).from(table).where(where))[0]!.n;

const unique = () => Math.random().toString(36).slice(2, 8);
const freshSeries = async () => {
  const created = await buildSeries(t, { title: `Matrix series ${unique()}` });
  if (aim && !aim.onSeriesB) await joinTeam(aim.actor, created.id);
  return created;
};
/** A membership tier of a series, on sale (issue 38 §1). */
const freshTier = async (seriesId: string) => {
  const [row] = await t.db
    .insert(seriesTiers)
    .values({ seriesId, name: `Tier ${unique()}`, priceCents: 500, currency: 'usd', interval: 'month', earlyAccessDays: 7 })
    .returning({ id: seriesTiers.id });
  return row!.id;
};
/** The shared series (series A, a member's), or series B when the request aims there. */
const sharedSeries = () => (aim?.onSeriesB ? f.benchB : f.series);
// Numbered in turn: the factory's random numbers could meet among the workbench's many chapters.
let chapterNumber = 0;
const freshChapter = async (pages = 0) =>
  buildChapter(t, aim?.onSeriesB ? f.benchB.id : f.workbench.id, { number: (chapterNumber += 1), pages });
/** A series with a Spanish edition (issue 35 §2). */
const freshEdition = async () => {
  const created = await freshSeries();
  await t.db.insert(seriesEditions).values({ seriesId: created.id, language: 'es', title: 'Edición' });
  return created;
};
const freshLocked = async (seriesId = f.workbench.id) => buildChapter(t, seriesId, { number: (chapterNumber += 1), price: 10 });
const freshComment = async (userId: string) => {
  const [row] = await t.db
    .insert(comments)
    .values({
      userId,
      seriesId: f.series.id,
      chapterId: f.freeChapter.id,
      parentId: null,
      body: 'A fine chapter',
      isSpoiler: false,
      createdAt: t.clock.now(),
    })
    .returning({ id: comments.id });
  return row!.id;
};
/** Each statement of the walk is of a month of its own, so no other actor has one that month. */
let statementMonths = 0;
const freshStatementMonth = () => {
  const index = (statementMonths += 1) - 1;
  return `${2030 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
/** A payee's statement of `month`: carried, or a failed transfer of 25.00. */
const payoutStatementOf = async (payeeId: string, status: 'carried' | 'failed', month = freshStatementMonth()) => {
  const sent = status === 'failed' ? 2500 : 0;
  await t.db
    .insert(payoutStatements)
    .values({
      payeeId,
      month,
      currency: 'usd',
      earnedCents: 2500,
      feeCents: 0,
      amountCents: sent,
      carriedOutCents: 2500 - sent,
      status,
      ...(status === 'failed' ? { provider: 'test' as const, failureReason: 'Refused by the matrix', attempts: 1 } : {}),
    })
    .onConflictDoNothing();
  const [row] = await t.db
    .select({ id: payoutStatements.id })
    .from(payoutStatements)
    .where(and(eq(payoutStatements.payeeId, payeeId), eq(payoutStatements.month, month)));
  return row!.id;
};
const freshNotification = async (userId: string) => {
  const [row] = await t.db
    .insert(notifications)
    .values({ userId, title: 'Chapter 2 is out', description: 'Read it now' })
    .returning({ id: notifications.id });
  return row!.id;
};
const image = async (field?: string): Promise<UploadFile[]> => [
  { ...(field ? { field } : {}), name: 'art.png', type: 'image/png', data: await png(60, 90) },
];

/**
 * How to send each endpoint. `actor` sends it; `owner` is whose thing it acts on: the actor itself,
 * or reader A for the visitor and for reader B.
 */
type Builder = (who: { actor: Actor; owner: Actor }) => Promise<Call>;
const none: Builder = async () => ({});

/** A fresh reader's change of address, asked through the real endpoint, and the link mailed to the new address. */
async function askedEmailChange() {
  const account = await fresh('reader');
  const newEmail = `moved_${unique()}@example.com`;
  await expectOk(send('emailChange', { cookie: account.cookie, body: { newEmail, password: account.user!.password } }));
  const mail = await lastMailTo(t, newEmail);
  const token = decodeURIComponent(/email-change\/confirm\?token=([\w%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
  return { token, account };
}

const REQUESTS: Record<EndpointName, Builder> = {
  verify: none,
  login: async ({ actor }) => {
    const user = await buildUser(t.db, { role: actor.column === 'visitor' ? 'reader' : ROLE_OF[actor.column] });
    return { body: { username: user.username, password: user.password }, remoteAddress: nextIp() };
  },
  register: async () => {
    const tag = unique();
    return {
      body: { email: `new_${tag}@example.com`, username: `new_${tag}`, password: 'a-long-password-1' },
      remoteAddress: nextIp(),
    };
  },
  registerConfirm: async () => {
    const tag = unique();
    const token = createSecretToken();
    const now = t.clock.now();
    await t.db.insert(pendingRegistrations).values({
      email: `confirmed_${tag}@example.com`,
      username: `confirmed_${tag}`,
      passwordHash: 'not-a-hash',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + DAY),
      createdAt: now,
    });
    return { body: { token }, remoteAddress: nextIp() };
  },
  forgotPassword: async ({ owner }) => ({ body: { email: owner.user!.email }, remoteAddress: nextIp() }),
  resetPassword: async ({ actor }) => {
    const account = actor.column === 'visitor' ? await fresh('reader') : await fresh(actor.column);
    const token = createSecretToken();
    const now = t.clock.now();
    await insertResetToken(t.db, {
      userId: account.user!.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + DAY),
      createdAt: now,
    });
    return {
      body: { token, password: 'another-long-password-2' },
      remoteAddress: nextIp(),
      ...(actor.column === 'visitor' ? {} : { cookie: account.cookie }),
      state: () => rowsOf(users, eq(users.id, account.user!.id)),
    };
  },
  logout: async ({ actor }) => ({ cookie: (await fresh(actor.column)).cookie }),
  profile: none,
  changePassword: async ({ actor }) => {
    const account = actor.column === 'visitor' ? { user: f.readerA.user, cookie: undefined } : await fresh(actor.column);
    return {
      cookie: account.cookie,
      body: { currentPassword: account.user!.password, newPassword: 'a-changed-password-3' },
      state: () => rowsOf(users, eq(users.id, account.user!.id)),
    };
  },

  loginTwoFactor: async ({ actor }) => {
    const account = await withTwoFactor(await fresh(actor.column === 'visitor' ? 'reader' : actor.column));
    const challenge = await send('login', {
      body: { username: account.user!.username, password: account.user!.password },
      remoteAddress: nextIp(),
    });
    return {
      body: { challenge: challenge.json().twoFactor.challenge, recoveryCode: account.recoveryCodes[0] },
      remoteAddress: nextIp(),
    };
  },
  twoFactorStatus: none,
  twoFactorSetup: async ({ actor }) => {
    const account = await fresh(actor.column);
    return { ...(account.cookie ? { cookie: account.cookie } : {}), remoteAddress: nextIp() };
  },
  twoFactorEnable: async ({ actor }) => {
    // Set up on a fresh account of the role (the visitor sends a fresh reader's code without a session).
    const account = await fresh(actor.column === 'visitor' ? 'reader' : actor.column);
    const setup = await send('twoFactorSetup', { cookie: account.cookie });
    return {
      ...(actor.column === 'visitor' ? {} : { cookie: account.cookie }),
      body: { code: await authenticatorCode(setup.json().data.manualKey) },
      remoteAddress: nextIp(),
      state: () => rowsOf(users, eq(users.id, account.user!.id)),
    };
  },
  twoFactorDisable: async ({ actor }) => {
    const account = await withTwoFactor(await fresh(actor.column === 'visitor' ? 'reader' : actor.column));
    return {
      ...(actor.column === 'visitor' ? {} : { cookie: account.cookie }),
      body: { password: account.user!.password, code: account.recoveryCodes[0] },
      remoteAddress: nextIp(),
      state: () => rowsOf(users, eq(users.id, account.user!.id)),
    };
  },
  accountExport: none,
  accountDelete: async ({ actor }) => {
    const account = await fresh(actor.column === 'visitor' ? 'reader' : actor.column);
    return {
      ...(actor.column === 'visitor' ? {} : { cookie: account.cookie }),
      body: { password: account.user!.password },
      remoteAddress: nextIp(),
      state: () => rowsOf(users, eq(users.id, account.user!.id)),
    };
  },
  twoFactorRecoveryCodes: async ({ actor }) => {
    const account = await withTwoFactor(await fresh(actor.column === 'visitor' ? 'reader' : actor.column));
    return {
      ...(actor.column === 'visitor' ? {} : { cookie: account.cookie }),
      body: { code: await authenticatorCode(account.manualKey) },
      remoteAddress: nextIp(),
      state: () => rowsOf(recoveryCodes, eq(recoveryCodes.userId, account.user!.id)),
    };
  },

  notifications: async () => ({ query: '?limit=10&offset=0' }),
  notificationsUnreadCount: none,
  notificationRead: async ({ owner }) => {
    const id = await freshNotification(owner.user!.id);
    return { params: { id }, state: () => rowsOf(notifications, eq(notifications.id, id)) };
  },
  notificationsReadAll: async ({ owner }) => {
    const id = await freshNotification(owner.user!.id);
    return { state: () => rowsOf(notifications, eq(notifications.id, id)) };
  },

  siteSettings: none,
  health: none,
  adsConfig: none,
  adminSiteConfig: none,
  adminSiteConfigUpdate: async ({ actor }) => {
    let cookie: string | undefined;
    if (actor.column === 'admin') {
      // Changes need two-factor sign-in: an admin who turned it on after signing in.
      cookie = (await withTwoFactor(await fresh('admin'))).cookie;
    }
    return { ...(cookie ? { cookie } : {}), body: { registration: { open: true } }, state: () => t.db.select().from(siteConfig) };
  },

  home: none,
  seriesList: none,
  series: async () => ({ params: { slug: f.series.slug } }),
  seriesChapters: async () => ({ params: { slug: f.series.slug } }),
  chapter: async () => ({ params: { slug: f.series.slug, chapterSlug: f.lockedChapter.slug } }),
  myChapterOffers: async () => ({ params: { slug: f.series.slug, chapterSlug: f.lockedChapter.slug } }),
  genres: none,
  banners: none,
  searchSeries: async () => ({ query: `?q=${encodeURIComponent(f.series.title)}` }),

  teamSeriesList: none,
  teamSeriesCreate: async () => ({ body: { type: 'comic', title: `Created ${unique()}` }, state: () => countOf(series) }),
  teamSeries: async () => ({ params: { id: sharedSeries().id } }),
  teamSeriesUpdate: async () => {
    const { id } = await freshSeries();
    return { params: { id }, body: { description: 'Changed' }, state: () => rowsOf(series, eq(series.id, id)) };
  },
  teamSeriesDelete: async () => {
    const { id } = await freshSeries();
    return { params: { id }, state: () => rowsOf(series, eq(series.id, id)) };
  },
  teamSeriesCover: async () => {
    const { id } = await freshSeries();
    return { params: { id }, files: await image('file'), state: () => rowsOf(series, eq(series.id, id)) };
  },
  teamChapterCreate: async () => {
    const { id } = await freshSeries();
    return { params: { id }, body: { number: 1 }, state: () => countOf(chapters, eq(chapters.seriesId, id)) };
  },
  teamChapter: async () => ({ params: { id: (await freshChapter()).id } }),
  teamChapterUpdate: async () => {
    const { id } = await freshChapter();
    return { params: { id }, body: { title: 'Renamed' }, state: () => rowsOf(chapters, eq(chapters.id, id)) };
  },
  teamChapterDelete: async () => {
    const { id } = await freshChapter();
    return { params: { id }, state: () => rowsOf(chapters, eq(chapters.id, id)) };
  },
  teamChapterPagesAdd: async () => {
    const { id } = await freshChapter();
    return { params: { id }, files: await image(), state: () => rowsOf(chapterPages, eq(chapterPages.chapterId, id)) };
  },
  teamChapterPageOrder: async () => {
    const chapter = await freshChapter(2);
    const pageIds = chapter.pages.map((page) => page.id).reverse();
    return {
      params: { id: chapter.id },
      body: { pageIds },
      state: () => rowsOf(chapterPages, eq(chapterPages.chapterId, chapter.id)),
    };
  },
  teamChapterPageDelete: async () => {
    const chapter = await freshChapter(2); // a chapter that is out keeps its last page (issue 33 §5)
    return {
      params: { id: chapter.id, pageId: chapter.pages[0]!.id },
      state: () => rowsOf(chapterPages, eq(chapterPages.chapterId, chapter.id)),
    };
  },
  teamChapterArchive: async () => {
    const { id } = await freshChapter();
    const cbz = Buffer.from(zipSync({ '1.png': new Uint8Array(await png(40, 60)) }));
    return {
      params: { id },
      files: [{ field: 'file', name: 'chapter.cbz', data: cbz }],
      state: () => rowsOf(chapterPages, eq(chapterPages.chapterId, id)),
    };
  },
  teamSeriesEditions: async () => ({ params: { id: sharedSeries().id } }),
  teamSeriesEditionCreate: async () => {
    const { id } = await freshSeries();
    return {
      params: { id },
      body: { language: 'es', title: 'Edición' },
      state: () => rowsOf(seriesEditions, eq(seriesEditions.seriesId, id)),
    };
  },
  teamSeriesEditionUpdate: async () => {
    const { id } = await freshEdition();
    return {
      params: { id, language: 'es' },
      body: { title: 'Otra edición' },
      state: () => rowsOf(seriesEditions, eq(seriesEditions.seriesId, id)),
    };
  },
  teamSeriesEditionDelete: async () => {
    const { id } = await freshEdition();
    return { params: { id, language: 'es' }, state: () => rowsOf(seriesEditions, eq(seriesEditions.seriesId, id)) };
  },
  teamChapterEditionPut: async () => {
    const { id } = await freshChapter();
    return {
      params: { id, language: 'es' },
      body: { title: 'Capítulo' },
      state: () => rowsOf(chapterEditions, eq(chapterEditions.chapterId, id)),
    };
  },
  teamChapterEditionDelete: async () => {
    const { id } = await freshChapter();
    await t.db.insert(chapterEditions).values({ chapterId: id, language: 'es', title: 'Capítulo' });
    return { params: { id, language: 'es' }, state: () => rowsOf(chapterEditions, eq(chapterEditions.chapterId, id)) };
  },
  teamChaptersRenumber: async () => {
    const { id } = await freshSeries();
    await buildChapter(t, id, { number: 1 });
    await buildChapter(t, id, { number: 2 });
    return { params: { id }, body: { from: 1, to: 2, volume: 1 }, state: () => rowsOf(chapters, eq(chapters.seriesId, id)) };
  },
  teamSeriesMembers: async () => ({ params: { id: sharedSeries().id } }),
  teamSeriesMemberUpdate: async () => {
    const { id } = await freshSeries();
    const member = await buildUser(t.db);
    await t.db.insert(seriesMembers).values({ seriesId: id, userId: member.id, role: 'translator' });
    return {
      params: { id, userId: member.id },
      body: { canPublish: true },
      state: () => rowsOf(seriesMembers, eq(seriesMembers.seriesId, id)),
    };
  },
  adminSeriesMembers: async () => ({ params: { id: f.series.id } }),
  adminSeriesMemberPut: async () => {
    const { id } = await freshSeries();
    const member = await buildUser(t.db);
    return {
      params: { id },
      body: { username: member.username, role: 'translator', canPublish: false },
      state: () => rowsOf(seriesMembers, eq(seriesMembers.seriesId, id)),
    };
  },
  adminSeriesMemberDelete: async () => {
    const { id } = await freshSeries();
    const member = await buildUser(t.db);
    await t.db.insert(seriesMembers).values({ seriesId: id, userId: member.id, role: 'uploader' });
    return { params: { id, userId: member.id }, state: () => rowsOf(seriesMembers, eq(seriesMembers.seriesId, id)) };
  },
  teamImports: none,
  teamImportCreate: async () => {
    // A .zip of one series folder with one chapter archive in it.
    const cbz = zipSync({ '1.png': new Uint8Array(await png(40, 60)) });
    const folder = Buffer.from(zipSync({ [`Imported ${unique()}/Chapter 1.cbz`]: cbz }));
    return { files: [{ field: 'file', name: 'library.zip', data: folder }], state: () => countOf(imports) };
  },
  teamImport: async ({ actor }) => {
    const [row] = await t.db
      .insert(imports)
      .values({ origin: 'upload', source: 'chapter.cbz', seriesId: sharedSeries().id, createdBy: actor.user?.id ?? null })
      .returning({ id: imports.id });
    return { params: { id: row!.id } };
  },

  teamGenres: none,
  teamGenreCreate: async () => ({ body: { name: `Genre ${unique()}` }, state: () => countOf(genres) }),
  teamGenreUpdate: async () => {
    const { id } = await teamOf(t).createGenre(`Genre ${unique()}`);
    return { params: { id }, body: { name: `Renamed ${unique()}` }, state: () => rowsOf(genres, eq(genres.id, id)) };
  },
  teamGenreDelete: async () => {
    const { id } = await teamOf(t).createGenre(`Genre ${unique()}`);
    return { params: { id }, state: () => rowsOf(genres, eq(genres.id, id)) };
  },
  teamBanners: none,
  teamBannerCreate: async () => ({ body: { title: `Banner ${unique()}` }, state: () => countOf(banners) }),
  teamBannerUpdate: async () => {
    const { id } = await teamOf(t).createBanner({ title: 'A banner' });
    return { params: { id }, body: { title: 'Retitled' }, state: () => rowsOf(banners, eq(banners.id, id)) };
  },
  teamBannerImage: async () => {
    const { id } = await teamOf(t).createBanner({ title: 'A banner' });
    return { params: { id }, files: await image('file'), state: () => rowsOf(banners, eq(banners.id, id)) };
  },
  teamBannerDelete: async () => {
    const { id } = await teamOf(t).createBanner({ title: 'A banner' });
    return { params: { id }, state: () => rowsOf(banners, eq(banners.id, id)) };
  },

  coinPackages: none,
  plans: none,
  checkout: async () => ({ body: { kind: 'coins', packageId: f.packageId }, state: () => countOf(purchases) }),
  myPurchases: none,
  myPurchase: async ({ owner }) => ({ params: { purchaseId: await pendingPurchase(owner.cookie!) } }),
  testCheckoutComplete: async ({ owner }) => {
    const purchaseId = await pendingPurchase(owner.cookie!);
    return { params: { purchaseId }, state: () => purchaseAndCoins(purchaseId, owner) };
  },
  testCheckoutCancel: async ({ owner }) => {
    const purchaseId = await pendingPurchase(owner.cookie!);
    return { params: { purchaseId }, state: () => purchaseAndCoins(purchaseId, owner) };
  },
  wallet: none,
  storeSettings: async () => ({ body: { autoUnlock: false } }),
  preferencesUpdate: async () => ({ body: { locale: 'en' } }),
  profileUpdate: async ({ owner }) => ({
    body: { bio: `Matrix bio ${unique()}` },
    state: () => rowsOf(users, eq(users.id, owner.user!.id)),
  }),
  avatarPut: async ({ owner }) => ({
    files: [{ field: 'avatar', name: 'me.png', type: 'image/png', data: await png(120, 90) }],
    state: () => rowsOf(users, eq(users.id, owner.user!.id)),
  }),
  avatarDelete: async ({ owner }) => ({ state: () => rowsOf(users, eq(users.id, owner.user!.id)) }),
  emailChange: async ({ actor }) => {
    const account = actor.column === 'visitor' ? { user: f.readerA.user, cookie: undefined } : await fresh(actor.column);
    return {
      cookie: account.cookie,
      body: { newEmail: `moved_${unique()}@example.com`, password: account.user!.password },
      state: () => rowsOf(users, eq(users.id, account.user!.id)),
    };
  },
  emailChangeConfirm: async () => {
    const { token, account } = await askedEmailChange();
    return { body: { token }, remoteAddress: nextIp(), state: () => rowsOf(users, eq(users.id, account.user!.id)) };
  },
  emailChangeUndo: async () => {
    const { token, account } = await askedEmailChange();
    await expectOk(send('emailChangeConfirm', { body: { token }, remoteAddress: nextIp() }));
    const notice = await lastMailTo(t, account.user!.email);
    const undo = decodeURIComponent(/email-change\/undo\?token=([\w%-]+)/.exec(notice?.text ?? '')?.[1] ?? '');
    return { body: { token: undo }, remoteAddress: nextIp(), state: () => rowsOf(users, eq(users.id, account.user!.id)) };
  },
  sessions: none,
  sessionRevoke: async ({ owner }) => {
    const cookie = await loginAs(t.app, owner.user!);
    const listed = await send('sessions', { cookie });
    const id = (listed.json().data.items as Array<{ id: string; isCurrent: boolean }>).find((item) => item.isCurrent)!.id;
    return { params: { id }, state: () => rowsOf(sessions, eq(sessions.id, id)) };
  },
  sessionsRevokeOthers: async ({ actor }) => {
    if (actor.column === 'visitor') return {};
    const account = await fresh(actor.column);
    await loginAs(t.app, account.user!);
    return { cookie: account.cookie, state: () => rowsOf(sessions, eq(sessions.userId, account.user!.id)) };
  },
  unlockChapter: async () => {
    const { id } = await freshLocked();
    return { params: { chapterId: id }, state: () => countOf(chapterUnlocks, eq(chapterUnlocks.chapterId, id)) };
  },
  unlockChapters: async () => {
    const { id: seriesId } = await freshSeries();
    const chapterIds = [(await freshLocked(seriesId)).id, (await freshLocked(seriesId)).id];
    return { params: { seriesId }, body: { chapterIds }, state: () => countOf(chapterUnlocks) };
  },
  unlockQuote: async () => {
    const { id: seriesId } = await freshSeries();
    const chapterIds = [(await freshLocked(seriesId)).id, (await freshLocked(seriesId)).id];
    return { params: { seriesId }, query: `?chapterIds=${chapterIds.join(',')}` };
  },
  autoUnlockSeries: none,
  // A fresh series; the sender is given the coins first (the team starts with none).
  seriesGift: async ({ actor }) => {
    const { id: seriesId } = await freshSeries();
    if (actor.user) await moveCoins(t.db, { userId: actor.user.id, delta: 10, kind: 'adjustment', reason: 'For the matrix' });
    return { params: { seriesId }, body: { amount: 10 } };
  },
  seriesSupporters: async () => ({ params: { seriesId: f.series.id } }),
  adminSeriesPayees: async () => ({ params: { id: f.series.id } }),
  adminSeriesPayeesUpdate: async () => {
    const { id } = await freshSeries();
    return {
      params: { id },
      body: [{ userId: f.readerA.user!.id, role: 'author', shareBps: 10_000 }],
      state: () => rowsOf(seriesPayees, eq(seriesPayees.seriesId, id)),
    };
  },
  myEarnings: none,
  myEarningsCsv: none,
  myPayoutAccount: none,
  // A fresh account of the role, a payee of no series (the walk's reader A becomes one): refused, and no account made.
  myPayoutAccountStart: async ({ actor }) => {
    if (actor.column === 'visitor') return { body: { currency: 'usd' } };
    const account = await fresh(actor.column);
    return {
      cookie: account.cookie,
      body: { currency: 'usd' },
      state: () => rowsOf(payoutAccounts, eq(payoutAccounts.userId, account.user!.id)),
    };
  },
  // A fresh account of the role, a series' payee (only payees connect one), starts onboarding first.
  testPayoutOnboardingComplete: async ({ actor }) => {
    if (actor.column === 'visitor') return {};
    const account = await fresh(actor.column);
    const series = await buildSeries(t, { title: `Matrix series ${unique()}` });
    await t.db.insert(seriesPayees).values({ seriesId: series.id, userId: account.user!.id, role: 'author', shareBps: 10_000 });
    await expectOk(send('myPayoutAccountStart', { cookie: account.cookie, body: {} }));
    return { cookie: account.cookie, state: () => rowsOf(payoutAccounts, eq(payoutAccounts.userId, account.user!.id)) };
  },
  myPayouts: none,
  myPayoutStatement: async ({ owner }) => {
    const month = freshStatementMonth();
    if (owner.user) await payoutStatementOf(owner.user.id, 'carried', month);
    return { params: { month } };
  },
  adminPayouts: async () => ({ query: '?status=failed' }),
  adminPayoutRetry: async () => {
    const payee = await buildUser(t.db);
    await t.db.insert(payoutAccounts).values({
      userId: payee.id,
      provider: 'test',
      providerAccountId: `acct_test_${payee.id}`,
      status: 'active',
      currency: 'usd',
    });
    const id = await payoutStatementOf(payee.id, 'failed');
    return { params: { id }, state: () => rowsOf(payoutStatements, eq(payoutStatements.id, id)) };
  },
  // Each reader turns off only their own: the owner's choice stays whoever else asks.
  autoUnlockSeriesRemove: async ({ owner }) => {
    const { id: seriesId } = await freshSeries();
    if (owner.user) await t.db.insert(seriesAutoUnlocks).values({ userId: owner.user.id, seriesId });
    return { params: { seriesId }, state: () => countOf(seriesAutoUnlocks, eq(seriesAutoUnlocks.seriesId, seriesId)) };
  },
  mySubscription: none,
  cancelSubscription: async ({ actor }) => {
    // The premium reader cancels a plan of their own (a fresh one: the walk's premium reader keeps theirs).
    const premium = actor.column === 'premium' ? await fresh('premium') : f.actors.premium;
    return {
      ...(actor.column === 'premium' ? { cookie: premium.cookie } : {}),
      state: () => rowsOf(subscriptions, eq(subscriptions.userId, premium.user!.id)),
    };
  },

  // Issue 38 §1: memberships per series.
  seriesTiers: async () => ({ params: { id: f.series.id } }),
  // Issue 39 §5: what a series' readers also read.
  seriesAlsoRead: async () => ({ params: { id: f.series.id } }),
  myMemberships: none,
  // Each reader cancels only their own: the owner's membership runs on, not cancelled, whoever else asks.
  cancelMembership: async ({ owner }) => {
    const series = await buildSeries(t, { title: `Matrix members ${unique()}` });
    const tierId = await freshTier(series.id);
    await paidPurchase(owner.cookie!, { kind: 'tier', tierId });
    const [membership] = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, owner.user!.id), eq(subscriptions.tierId, tierId)));
    return { params: { membershipId: membership!.id }, state: () => rowsOf(subscriptions, eq(subscriptions.id, membership!.id)) };
  },
  teamSeriesTiers: async () => ({ params: { id: sharedSeries().id } }),
  teamSeriesTierCreate: async () => {
    const { id } = await freshSeries();
    return {
      params: { id },
      body: { name: 'Supporter', priceCents: 500, currency: 'usd', interval: 'month', earlyAccessDays: 7 },
      state: () => countOf(seriesTiers, eq(seriesTiers.seriesId, id)),
    };
  },
  teamSeriesTierUpdate: async () => {
    const { id } = await freshSeries();
    const tierId = await freshTier(id);
    return { params: { id, tierId }, body: { name: 'Renamed' }, state: () => rowsOf(seriesTiers, eq(seriesTiers.id, tierId)) };
  },
  // Issue 39 §5: relations between series.
  seriesRelations: async () => ({ params: { id: f.series.id } }),
  chapterRelated: async () => ({ params: { chapterId: f.freeChapter.id } }),
  teamSeriesRelations: async () => ({ params: { id: sharedSeries().id } }),
  teamSeriesRelationPut: async () => {
    const comic = await freshSeries();
    const novel = await freshSeries();
    const chapterId = (await buildChapter(t, comic.id, { number: 1 })).id;
    const relatedChapterId = (await buildChapter(t, novel.id, { number: 1 })).id;
    return {
      params: { id: comic.id, relatedId: novel.id },
      body: { kind: 'source', chapterMap: [{ chapterId, relatedChapterId }] },
      state: () => rowsOf(seriesRelations, inArray(seriesRelations.seriesId, [comic.id, novel.id])),
    };
  },
  teamSeriesRelationDelete: async () => {
    const comic = await freshSeries();
    const novel = await freshSeries();
    await t.db.insert(seriesRelations).values([
      { seriesId: comic.id, relatedSeriesId: novel.id, kind: 'sequel' },
      { seriesId: novel.id, relatedSeriesId: comic.id, kind: 'prequel' },
    ]);
    return {
      params: { id: comic.id, relatedId: novel.id },
      state: () => rowsOf(seriesRelations, inArray(seriesRelations.seriesId, [comic.id, novel.id])),
    };
  },

  adminPlans: none,
  adminPlanCreate: async () => ({
    body: { name: `Plan ${unique()}`, priceCents: 500, interval: 'month' },
    state: () => countOf(plans),
  }),
  adminPlanUpdate: async () => {
    const [row] = await t.db
      .insert(plans)
      .values({ name: `Plan ${unique()}`, priceCents: 500, interval: 'month' })
      .returning();
    return { params: { id: row!.id }, body: { description: 'Changed' }, state: () => rowsOf(plans, eq(plans.id, row!.id)) };
  },
  adminCoinPackages: none,
  adminCoinPackageCreate: async () => ({
    body: { name: `Sack ${unique()}`, coins: 50, priceCents: 99 },
    state: () => countOf(coinPackages),
  }),
  adminCoinPackageUpdate: async () => {
    const [row] = await t.db
      .insert(coinPackages)
      .values({ name: `Sack ${unique()}`, coins: 50, priceCents: 99 })
      .returning();
    return {
      params: { id: row!.id },
      body: { name: 'Renamed sack' },
      state: () => rowsOf(coinPackages, eq(coinPackages.id, row!.id)),
    };
  },
  adminPurchases: none,
  adminPurchase: async () => ({ params: { id: f.purchaseOfA } }),
  adminPurchaseRefund: async () => {
    const buyer = await fresh('reader');
    const id = await paidPurchase(buyer.cookie!);
    return { params: { id }, state: () => purchaseAndCoins(id, buyer) };
  },
  adminAuditLog: none,
  adminUsers: none,
  adminUser: async () => ({ params: { id: f.readerA.user!.id } }),
  adminUserUpdate: async () => {
    const target = await buildUser(t.db);
    return { params: { id: target.id }, body: { banned: true }, state: () => rowsOf(users, eq(users.id, target.id)) };
  },
  adminUserDelete: async () => {
    const target = await buildUser(t.db);
    return { params: { id: target.id }, state: () => rowsOf(users, eq(users.id, target.id)) };
  },
  adminUserCoins: async () => {
    const target = await buildUser(t.db);
    return {
      params: { id: target.id },
      body: { delta: 5, reason: 'Goodwill for a broken chapter' },
      state: () => rowsOf(users, eq(users.id, target.id)),
    };
  },

  bookmarks: none,
  bookmarkAdd: async () => ({ params: { seriesId: f.series.id } }),
  bookmarkRemove: async ({ owner }) => {
    await expectOk(send('bookmarkAdd', { cookie: owner.cookie, params: { seriesId: f.series.id } }));
    return {
      params: { seriesId: f.series.id },
      state: () => rowsOf(bookmarks, and(eq(bookmarks.userId, owner.user!.id), eq(bookmarks.seriesId, f.series.id))),
    };
  },
  progressSave: async () => ({ params: { chapterId: f.freeChapter.id }, body: { page: 1 } }),
  progressMerge: async () => ({
    body: { entries: [{ chapterId: f.freeChapter.id, page: 1, readAt: t.clock.now().toISOString() }] },
  }),
  history: none,
  historyClear: async ({ owner }) => {
    await expectOk(send('progressSave', { cookie: owner.cookie, params: { chapterId: f.freeChapter.id }, body: { page: 1 } }));
    return { state: () => rowsOf(readingProgress, eq(readingProgress.userId, owner.user!.id)) };
  },
  historyRemove: async ({ owner }) => {
    await expectOk(send('progressSave', { cookie: owner.cookie, params: { chapterId: f.freeChapter.id }, body: { page: 1 } }));
    return {
      params: { chapterId: f.freeChapter.id },
      state: () => rowsOf(readingProgress, eq(readingProgress.userId, owner.user!.id)),
    };
  },
  seriesProgress: async () => ({ params: { seriesId: f.series.id } }),
  myStats: none,
  myStatsCard: async () => ({ params: { year: '2025' } }),
  myStatsShare: async () => ({ params: { year: '2025' } }),
  myStatsUnshare: async ({ owner }) => {
    await expectOk(send('myStatsShare', { cookie: owner.cookie, params: { year: '2025' } }));
    return { params: { year: '2025' }, state: () => rowsOf(readingYearShares, eq(readingYearShares.userId, owner.user!.id)) };
  },
  yearShare: async () => ({ params: { token: await sharedTokenOfReaderA() } }),
  yearShareCard: async () => ({ params: { token: await sharedTokenOfReaderA() } }),
  chapterPlaces: async () => ({ params: { chapterId: f.freeChapter.id } }),
  deviceKeys: none,
  deviceKeyCreate: async ({ owner }) => ({
    body: { name: `Reader app ${unique()}` },
    state: () => rowsOf(deviceKeys, eq(deviceKeys.userId, owner.user!.id)),
  }),
  deviceKeyRevoke: async ({ owner }) => {
    const made = await send('deviceKeyCreate', { cookie: owner.cookie, body: { name: `Reader app ${unique()}` } });
    if (made.statusCode !== 201) throw new Error(`fixture request failed: ${made.statusCode} ${made.body}`);
    const id = made.json().data.id as string;
    return { params: { id }, state: () => rowsOf(deviceKeys, eq(deviceKeys.id, id)) };
  },
  notifyWhenPass: async () => ({ params: { seriesId: f.series.id } }),
  // The actor's pass of a fresh series with one, just used: it is back in a day.
  notifyWhenPassAdd: async ({ actor, owner }) => {
    const series = await buildSeries(t, { title: `Pass series ${unique()}`, waitPassIntervalHours: 24 });
    const chapter = await buildChapter(t, series.id, { number: 1, price: 10 });
    const user = (actor.user ?? owner.user)!;
    const now = t.clock.now();
    await t.db.insert(chapterRentals).values({
      userId: user.id,
      chapterId: chapter.id,
      seriesId: series.id,
      method: 'wait_pass',
      startsAt: now,
      endsAt: new Date(now.getTime() + 3_600_000),
    });
    return { params: { seriesId: series.id } };
  },
  notifyWhenPassRemove: async ({ owner }) => {
    const series = await buildSeries(t, { title: `Pass series ${unique()}`, waitPassIntervalHours: 24 });
    await t.db.insert(passAlerts).values({ userId: owner.user!.id, seriesId: series.id, notifyAt: t.clock.now() });
    return { params: { seriesId: series.id }, state: () => rowsOf(passAlerts, eq(passAlerts.userId, owner.user!.id)) };
  },
  notifyWhenFree: async () => ({ params: { chapterId: f.earlyChapter.id } }),
  notifyWhenFreeAdd: async () => ({ params: { chapterId: f.earlyChapter.id } }),
  notifyWhenFreeRemove: async ({ owner }) => {
    await expectOk(send('notifyWhenFreeAdd', { cookie: owner.cookie, params: { chapterId: f.earlyChapter.id } }));
    return {
      params: { chapterId: f.earlyChapter.id },
      state: () => rowsOf(chapterFreeAlerts, eq(chapterFreeAlerts.userId, owner.user!.id)),
    };
  },
  notificationPreferences: none,
  notificationPreferencesUpdate: async () => ({ body: { newChapterEmail: 'off' } }),
  readerSettings: none,
  readerSettingsPut: async () => ({ body: { comic: { mode: 'paged' }, novel: { size: 20 } } }),
  readerSettingsPatch: async () => ({ body: { novel: { theme: 'sepia' } } }),
  seriesReaderSettings: async () => ({ params: { seriesId: f.series.id } }),
  seriesReaderSettingsPut: async () => ({ params: { seriesId: f.series.id }, body: { mode: 'paged' } }),
  seriesReaderSettingsClear: async ({ owner }) => {
    await expectOk(
      send('seriesReaderSettingsPut', { cookie: owner.cookie, params: { seriesId: f.series.id }, body: { fit: 'height' } }),
    );
    return {
      params: { seriesId: f.series.id },
      state: () => rowsOf(seriesReaderSettings, eq(seriesReaderSettings.userId, owner.user!.id)),
    };
  },
  pushVapidKey: none,
  pushSubscribe: async () => ({ body: browserSubscription(`${PUSH_SERVICE}/${unique()}`) }),
  pushUnsubscribe: async ({ owner }) => {
    const endpoint = `${PUSH_SERVICE}/${unique()}`;
    await expectOk(send('pushSubscribe', { cookie: owner.cookie, body: browserSubscription(endpoint) }));
    return { body: { endpoint }, state: () => rowsOf(pushSubscriptions, eq(pushSubscriptions.userId, owner.user!.id)) };
  },

  announcements: none,
  announcement: async () => ({ params: { slug: f.announcement.slug } }),
  teamAnnouncements: none,
  teamAnnouncementCreate: async () => ({
    body: { title: `News ${unique()}`, body: '<p>Hello</p>', publishedAt: null },
    state: () => countOf(announcements),
  }),
  teamAnnouncement: async () => ({ params: { id: f.announcement.id } }),
  teamAnnouncementUpdate: async () => {
    const { id } = await freshAnnouncement();
    return { params: { id }, body: { title: 'Retitled' }, state: () => rowsOf(announcements, eq(announcements.id, id)) };
  },
  teamAnnouncementDelete: async () => {
    const { id } = await freshAnnouncement();
    return { params: { id }, state: () => rowsOf(announcements, eq(announcements.id, id)) };
  },
  teamAnnouncementCover: async () => {
    const { id } = await freshAnnouncement();
    return { params: { id }, files: await image('file'), state: () => rowsOf(announcements, eq(announcements.id, id)) };
  },

  chapterComments: async () => ({ params: { chapterId: f.freeChapter.id } }),
  seriesComments: async () => ({ params: { seriesId: f.series.id } }),
  commentCreate: async () => ({ body: { chapterId: f.freeChapter.id, body: 'Loved it' }, state: () => countOf(comments) }),
  commentUpdate: async ({ owner }) => {
    const id = await freshComment(owner.user!.id);
    return { params: { id }, body: { body: 'Edited' }, state: () => rowsOf(comments, eq(comments.id, id)) };
  },
  commentDelete: async ({ owner }) => {
    const id = await freshComment(owner.user!.id);
    return { params: { id }, state: () => rowsOf(comments, eq(comments.id, id)) };
  },
  commentReport: async ({ actor }) => {
    // Always someone else's comment: reader A's, or reader B's when reader A reports.
    const author = actor.column === 'reader' ? f.actors.readerB : f.readerA;
    const id = await freshComment(author.user!.id);
    // Its report count goes up; the comment itself stays as written and shown.
    const comment = () =>
      t.db
        .select({ body: comments.body, hiddenAt: comments.hiddenAt, editedAt: comments.editedAt })
        .from(comments)
        .where(eq(comments.id, id));
    return { params: { id }, body: { reason: 'Spoilers without a warning' }, state: comment };
  },
  teamComments: none,
  teamCommentUpdate: async () => {
    const id = await freshComment(f.readerA.user!.id);
    return { params: { id }, body: { hidden: true }, state: () => rowsOf(comments, eq(comments.id, id)) };
  },
  teamCommentDelete: async () => {
    const id = await freshComment(f.readerA.user!.id);
    return { params: { id }, state: () => rowsOf(comments, eq(comments.id, id)) };
  },

  teamMetrics: none,
  teamSeriesFunnel: async () => ({ params: { id: sharedSeries().id } }),
  adminMetrics: none,
};

/** Reader A's share link of 2026 (sharing a year again answers the same link). */
async function sharedTokenOfReaderA(): Promise<string> {
  const made = await send('myStatsShare', { cookie: f.readerA.cookie, params: { year: '2026' } });
  if (made.statusCode !== 200) throw new Error(`fixture request failed: ${made.statusCode} ${made.body}`);
  return made.json().data.token as string;
}

async function expectOk(pending: ReturnType<typeof send>) {
  const response = await pending;
  if (response.statusCode >= 300) throw new Error(`fixture request failed: ${response.statusCode} ${response.body}`);
}

async function purchaseAndCoins(purchaseId: string, owner: Actor) {
  const [purchase] = await rowsOf(purchases, eq(purchases.id, purchaseId));
  const [user] = await t.db.select({ coins: users.coins }).from(users).where(eq(users.id, owner.user!.id));
  return { purchase, coins: user?.coins };
}

async function freshAnnouncement() {
  return t.app.services.announcements.create(
    { title: `News ${unique()}`, body: '<p>Hello</p>', publishedAt: null, pinned: false },
    f.actors.editor.user!.id,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  // The walk is of the site as it normally runs: maintenance mode would answer the public 503.
  const settings = (await send('siteSettings', {})).json().data;
  if (settings.maintenance.enabled || !settings.registrationOpen)
    throw new Error('the walk expects maintenance off and sign-ups open');
  const packagesList = (await send('coinPackages', {})).json().data.items as { id: string; name: string }[];
  const planList = (await send('plans', {})).json().data.items as { id: string; name: string }[];
  f.packageId = packagesList.find((item) => item.name === 'Chest')!.id;
  f.planId = planList.find((item) => item.name === 'Patron')!.id;

  f.actors = { visitor: { column: 'visitor', user: null } } as Record<MatrixColumn, Actor>;
  for (const column of MATRIX_COLUMNS) if (column !== 'visitor') f.actors[column] = await fresh(column);
  f.readerA = f.actors.reader;
  // Reader A has coins to unlock chapters with, and a paid purchase the admin can look at.
  f.purchaseOfA = await paidPurchase(f.readerA.cookie!);

  const team = teamOf(t);
  const genre = await team.createGenre(`Matrix genre ${unique()}`);
  f.genreId = genre.id;
  const shared = await buildSeries(t, { title: `Matrix shelf ${unique()}`, genreIds: [genre.id] });
  f.series = shared;
  f.freeChapter = await buildChapter(t, shared.id, { number: 1, pages: 1 });
  f.lockedChapter = await buildChapter(t, shared.id, { number: 2, price: 30 });
  f.earlyChapter = await buildChapter(t, shared.id, {
    number: 3,
    price: 30,
    freeAt: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
  });
  f.workbench = await buildSeries(t, { title: `Matrix workbench ${unique()}` });
  // Its chapters' translations go into its Spanish edition.
  await t.db.insert(seriesEditions).values({ seriesId: f.workbench.id, language: 'es', title: 'Banco de trabajo' });
  f.benchB = await buildSeries(t, { title: `Matrix series B ${unique()}` });
  await t.db.insert(seriesEditions).values({ seriesId: f.benchB.id, language: 'es', title: 'Serie B' });
  // Series A: the shared series and the workbench are the members' own.
  for (const column of ['creator', 'translator'] as const) {
    await joinTeam(f.actors[column], f.series.id);
    await joinTeam(f.actors[column], f.workbench.id);
  }
  await team.createBanner({ title: 'Matrix banner' });
  f.announcement = await t.app.services.announcements.create(
    {
      title: `Matrix news ${unique()}`,
      body: '<p>News</p>',
      publishedAt: new Date(t.clock.now().getTime() - DAY).toISOString(),
      pinned: false,
    },
    f.actors.editor.user!.id,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the permission matrix (issue 10 §4)', () => {
  it('lists every endpoint of ROUTES once, and no endpoint that is gone', () => {
    const names = MATRIX.map((row) => row.endpoint);
    expect(
      names.filter((name, i) => names.indexOf(name) !== i),
      'listed twice',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((name) => !names.includes(name)),
      'in ROUTES, missing from the matrix',
    ).toEqual([]);
    expect(
      names.filter((name) => !(name in ROUTES)),
      'in the matrix, gone from ROUTES',
    ).toEqual([]);
    expect(
      Object.keys(REQUESTS).filter((name) => !(name in ROUTES)),
      'a request for an endpoint that is gone',
    ).toEqual([]);
  });

  for (const row of MATRIX) {
    const name = row.endpoint as EndpointName;
    it(`${name}: ${MATRIX_COLUMNS.map((column) => `${column} ${row.expected[column] ?? '-'}`).join(', ')}`, async () => {
      const build = REQUESTS[name];
      expect(build, `no request for ${name}: add one to REQUESTS`).toBeDefined();
      const actual: Partial<Record<MatrixColumn, number>> = {};
      const unchanged: string[] = [];
      const wrongCodes: string[] = [];
      // Issue 10 §2: every team and admin action lands in the audit log once, and nothing else does.
      const route = ROUTES[name];
      const isAudited = (route.access === 'team' || route.access === 'admin') && route.method !== 'GET';
      const audited = async () => (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, name)))[0]!.n;
      const unaudited: string[] = [];
      for (const column of MATRIX_COLUMNS) {
        if (row.expected[column] === undefined) continue;
        const actor = f.actors[column];
        const owner = column === 'visitor' || column === 'readerB' ? f.readerA : actor;
        aim = { actor, onSeriesB: false };
        const call = await build({ actor, owner }).finally(() => (aim = null));
        const before = await call.state?.();
        const auditBefore = await audited();
        const response = await send(name, { ...call, cookie: call.cookie ?? actor.cookie });
        actual[column] = response.statusCode;
        const refused = response.statusCode >= 300;
        const recorded = (await audited()) - auditBefore;
        if (recorded !== (isAudited && !refused ? 1 : 0)) unaudited.push(`${column}: ${recorded} audit entries`);
        // A 401 or 403 must be the access rule's own answer, not another refusal with the same status.
        const code = refused ? (response.json() as { error?: { code?: string } }).error?.code : undefined;
        if (response.statusCode === 401 && code !== 'unauthorized') wrongCodes.push(`${column}: 401 ${code}`);
        if (response.statusCode === 403 && code !== 'forbidden') wrongCodes.push(`${column}: 403 ${code}`);
        if (call.state && (refused || column === 'readerB')) {
          if (JSON.stringify(await call.state()) !== JSON.stringify(before)) unchanged.push(column);
        }
      }
      expect(actual).toEqual(row.expected);
      expect(unchanged, 'columns whose refused (or reader B) request changed what it aimed at').toEqual([]);
      expect(wrongCodes, '401 and 403 answers whose code is not unauthorized or forbidden').toEqual([]);
      expect(unaudited, 'team and admin actions not recorded once in the audit log (or others recorded)').toEqual([]);
    });
  }

  // Reader B's refusal on a thing named by its id is no reader's quirk: the team, through the reader's
  // own endpoints, gets no further.
  for (const row of MATRIX.filter(
    (row) => (row.expected.readerB ?? 200) >= 300 && ROUTES[row.endpoint as EndpointName].path.includes(':'),
  )) {
    const name = row.endpoint as EndpointName;
    it(`${name}: premium, editor and admin acting on reader A's get ${row.expected.readerB}, as reader B does`, async () => {
      const actual: Record<string, number> = {};
      const changed: string[] = [];
      for (const column of ['premium', 'editor', 'admin'] as const) {
        const actor = f.actors[column];
        const call = await REQUESTS[name]({ actor, owner: f.readerA });
        const before = await call.state?.();
        actual[column] = (await send(name, { ...call, cookie: call.cookie ?? actor.cookie })).statusCode;
        if (call.state && JSON.stringify(await call.state()) !== JSON.stringify(before)) changed.push(column);
      }
      expect(actual).toEqual({ premium: row.expected.readerB, editor: row.expected.readerB, admin: row.expected.readerB });
      expect(changed, "columns that changed reader A's thing").toEqual([]);
    });
  }

  it("walks the series team's columns on every team and admin call, and on nothing else", () => {
    const wrong = MATRIX.filter((row) => {
      const access = ROUTES[row.endpoint as EndpointName].access;
      const walked = row.expected.creator !== undefined && row.expected.translator !== undefined;
      return walked !== (access === 'team' || access === 'admin');
    }).map((row) => row.endpoint);
    expect(wrong).toEqual([]);
  });

  // Issue 37 §3: a member's call scoped to a series is theirs only on their own series' team.
  for (const row of MATRIX.filter((row) => {
    const scope = (ROUTES[row.endpoint as EndpointName] as { scope?: { by: string } }).scope;
    return scope && scope.by !== 'own' && [row.expected.creator, row.expected.translator].some((cell) => (cell ?? 400) < 300);
  })) {
    const name = row.endpoint as EndpointName;
    it(`${name}: the creator and the translator of series A acting on series B get 403, and nothing changes`, async () => {
      const actual: Record<string, number> = {};
      const changed: string[] = [];
      for (const column of ['creator', 'translator'] as const) {
        const actor = f.actors[column];
        aim = { actor, onSeriesB: true };
        const call = await REQUESTS[name]({ actor, owner: actor }).finally(() => (aim = null));
        const before = await call.state?.();
        const response = await send(name, { ...call, cookie: call.cookie ?? actor.cookie });
        actual[column] = response.statusCode;
        expect(response.json().error.code).toBe('forbidden');
        if (call.state && JSON.stringify(await call.state()) !== JSON.stringify(before)) changed.push(column);
      }
      expect(actual).toEqual({ creator: 403, translator: 403 });
      expect(changed, 'columns that changed series B').toEqual([]);
    });
  }

  it('opens the locked chapter to the premium reader and the team, not to the visitor or a reader without it', async () => {
    const canRead: Record<string, boolean> = {};
    for (const column of ['visitor', 'reader', 'premium', 'editor', 'admin'] as const) {
      const response = await send('chapter', {
        cookie: f.actors[column].cookie,
        params: { slug: f.series.slug, chapterSlug: f.lockedChapter.slug },
      });
      canRead[column] = response.json().data.canRead;
    }
    expect(canRead).toEqual({ visitor: false, reader: false, premium: true, editor: true, admin: true });
  });

  it('refuses a configuration change from an admin without two-factor sign-in', async () => {
    const response = await send('adminSiteConfigUpdate', {
      cookie: f.actors.admin.cookie,
      body: { registration: { open: true } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('two_factor_required');
  });
});
