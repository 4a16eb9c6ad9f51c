import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { buildChapter, buildSeries, signedInUser } from './factories';
import { callEndpoint, signUp, TEST_PASSWORD, type TestContext } from './helpers';

// A reader with something in every area Inkwell keeps about a person (issue 36 §3): for the tests
// of the export and of the deletion. The store's packages must be seeded (seedDemoStore).

/** A push service on a public address, written as one (no DNS lookup). */
const PUSH_SERVICE = 'https://[2606:4700::1111]/send';

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

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body as { data: Record<string, unknown> };
}

export interface ReaderWithData {
  id: string;
  email: string;
  username: string;
  password: string;
  cookie: string;
  bio: string;
  ip: string;
  userAgent: string;
  seriesId: string;
  seriesTitle: string;
  purchaseId: string;
  coinsLeft: number;
  deviceKeyName: string;
  /** Another reader, who replied to and was replied to by this one. */
  other: { id: string; cookie: string };
}

/**
 * Signs a reader up through the mailed link (mails in the outbox to their address), and gives them
 * a bio and an avatar, a session from a browser and address of their own, a bookmark, progress, a
 * coin purchase, an unlock, a comment and a reply (and a reply to them: a notice), quiet hours, a
 * device key, a push subscription, a pending e-mail change and a password reset link.
 */
export async function readerWithData(t: TestContext): Promise<ReaderWithData> {
  const tag = randomBytes(4).toString('hex');
  const email = `Dora.${tag}@Example.org`;
  const username = `dora_${tag}`;
  const password = TEST_PASSWORD;
  const ip = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
  const userAgent = `DoraBrowser/${tag} (personal-agent-${tag})`;
  const confirmed = await signUp(t, { email, username, password });
  if (confirmed.statusCode !== 201) throw new Error(`sign-up answered ${confirmed.statusCode}`);
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/proxy/public/login',
    remoteAddress: ip,
    headers: { origin: 'http://localhost:3000', 'user-agent': userAgent },
    payload: { username, password },
  });
  const cookie = signedIn.headers['set-cookie']!.toString().split(';')[0]!;
  const call = (name: Parameters<typeof callEndpoint>[1], options: Parameters<typeof callEndpoint>[2] = {}) =>
    callEndpoint(t, name, { cookie, remoteAddress: ip, headers: { 'user-agent': userAgent }, ...options });
  const { rows } = await t.executeSql('select id from users where lower(username) = lower($1)', [username]);
  const id = (rows[0] as { id: string }).id;
  const bio = `Dora reads late at night ${tag}`;
  await t.executeSql('update users set bio = $2, avatar_url = $3, avatar_version = 1 where id = $1', [
    id,
    bio,
    `/media/avatars/${id}/${tag}.webp`,
  ]);

  const series = await buildSeries(t, { title: `Dora's series ${tag}` });
  const free = await buildChapter(t, series.id, { number: 1, pages: 1 });
  const locked = await buildChapter(t, series.id, { number: 2, price: 10 });
  await ok(call('bookmarkAdd', { params: { seriesId: series.id } }), 'bookmark');
  await ok(call('progressSave', { params: { chapterId: free.id }, body: { page: 1 } }), 'progress');

  const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string; coins: number; bonusCoins: number }[];
  const pkg = packages[0]!;
  const started = await ok(call('checkout', { body: { kind: 'coins', packageId: pkg.id } }), 'checkout');
  const purchaseId = started.data.purchaseId as string;
  await ok(call('testCheckoutComplete', { params: { purchaseId } }), 'payment');
  await ok(call('unlockChapter', { params: { chapterId: locked.id } }), 'unlock');

  const other = await signedInUser(t);
  const mine = await ok(call('commentCreate', { body: { chapterId: free.id, body: `Dora's own words ${tag}` } }), 'comment');
  const theirs = await ok(
    callEndpoint(t, 'commentCreate', { cookie: other.cookie, body: { chapterId: free.id, body: 'A comment to answer' } }),
    'their comment',
  );
  await ok(
    call('commentCreate', { body: { chapterId: free.id, parentId: theirs.data.id, body: `Dora answers ${tag}` } }),
    'reply',
  );
  await ok(
    callEndpoint(t, 'commentCreate', {
      cookie: other.cookie,
      body: { chapterId: free.id, parentId: mine.data.id, body: 'Hello Dora' },
    }),
    'reply to her',
  );

  await ok(
    call('notificationPreferencesUpdate', {
      body: { newChapterEmail: 'daily', pushQuietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Lisbon' } },
    }),
    'preferences',
  );
  const deviceKeyName = `Dora's Kobo ${tag}`;
  await ok(call('deviceKeyCreate', { body: { name: deviceKeyName } }), 'device key');
  // Issue 39 §4: a year shared by link (its token is the reader's until the account goes).
  await ok(call('myStatsShare', { params: { year: '2025' } }), 'shared year');
  await ok(call('pushSubscribe', { body: browserSubscription(`${PUSH_SERVICE}/${tag}`) }), 'push');
  await ok(call('forgotPassword', { body: { email } }), 'reset link');
  // The link is handed to the job queue after the answer; drain waits for the handing, then the job.
  await t.app.services.jobs.drain();
  // An e-mail change on its way (its own tests are auth's): both addresses are the reader's.
  await t.executeSql(
    `insert into email_changes (user_id, old_email, new_email, token_hash, revert_token_hash, expires_at)
     values ($1, $2, $3, $4, $5, now() + interval '1 day')`,
    [id, email, `dora.new.${tag}@example.net`, `token-${tag}`, `revert-${tag}`],
  );
  const { rows: coins } = await t.executeSql('select coins from users where id = $1', [id]);
  return {
    id,
    email,
    username,
    password,
    cookie,
    bio,
    ip,
    userAgent,
    seriesId: series.id,
    seriesTitle: series.title,
    purchaseId,
    coinsLeft: (coins[0] as { coins: number }).coins,
    deviceKeyName,
    other: { id: other.user.id, cookie: other.cookie },
  };
}

/** Turns two-factor sign-in on for a signed-in account; answers its secret and recovery codes. */
export async function turnOnTwoFactor(t: TestContext, cookie: string) {
  const setup = await callEndpoint(t, 'twoFactorSetup', { cookie });
  const manualKey = setup.body.data.manualKey as string;
  const code = await generate({ secret: manualKey, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const enabled = await callEndpoint(t, 'twoFactorEnable', { cookie, body: { code } });
  if (enabled.status !== 200) throw new Error(`two-factor sign-in did not turn on: ${JSON.stringify(enabled.body)}`);
  t.clock.advance(30_000);
  const codeNow = () => generate({ secret: manualKey, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  return { manualKey, recoveryCodes: enabled.body.data.recoveryCodes as string[], codeNow };
}
