import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { createCacheRegistry } from './caches';
import { createChangeBus } from './change-bus';
import { createManualClock } from './clock';
import { createDomainEvents, DOMAIN_EVENT_TYPES } from './domain-events';

const INDEX = '<!doctype html><html><head><title>Inkwell</title></head><body><div id="root"></div></body></html>';
// A stand-in renderer, so the web plugin's shared pages are declared as in production.
const RENDERER = `
export function classify() { return { path: '/' }; }
export async function render() { return { kind: 'page', status: 200, html: '<main>home</main>', title: 'Home', dataScript: '', ownCalls: [] }; }
export async function readerData() { return ''; }
`;

describe('the app’s events and caches (decision 0033)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ indexHtml: INDEX, renderer: RENDERER });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a listener for every event: an event no one hears is a write no cache knows about', () => {
    const counts = t.app.services.events.listenerCounts();
    const unheard = DOMAIN_EVENT_TYPES.filter((type) => counts[type] === 0);
    expect(unheard).toEqual([]);
  });

  it('clears every declared cache on some event, the shared rendered pages and compressed answers included', () => {
    const declared = t.app.services.caches.list();
    expect(declared.filter((cache) => cache.clearedBy.length === 0).map((cache) => cache.name)).toEqual([]);
    expect(declared.map((cache) => cache.name)).toEqual(
      expect.arrayContaining([
        'viewers',
        'site config',
        'announcements',
        'catalogue reads',
        'shared rendered pages',
        'catalogue JSON, gzip',
      ]),
    );
  });

  it('clears the home pages when an announcement changes (they show the latest)', () => {
    const pages = t.app.services.caches.list().find((cache) => cache.name === 'shared rendered pages');
    expect(pages?.clearedBy).toContain('announcement.changed');
  });
});

describe('the registry', () => {
  const clock = createManualClock(new Date('2026-06-01T12:00:00Z'));
  const events = createDomainEvents(createChangeBus({}));
  const caches = createCacheRegistry(clock, events);

  it('clears a whole cache, or only the scope an event names', async () => {
    const whole = caches.declare<string>({ name: 'whole', ttlMs: 60_000, bound: 10, clearedBy: { 'genres.changed': 'all' } });
    const perUser = caches.declare<string>({
      name: 'per user',
      ttlMs: 60_000,
      bound: 10,
      clearedBy: { 'user.changed': (event) => event.userId },
    });
    await whole.get('a', async () => 'a');
    await perUser.get('ann|home', async () => 'ann');
    await perUser.get('bob|home', async () => 'bob');

    events.publish({ type: 'user.changed', userId: 'ann' });
    expect(perUser.stats().entries).toBe(1);
    expect(await perUser.get('bob|home', async () => 'reloaded')).toBe('bob');
    expect(whole.stats().entries).toBe(1);

    events.publish({ type: 'genres.changed' });
    expect(whole.stats().entries).toBe(0);
  });

  it('refuses a name declared twice', () => {
    caches.declare({ name: 'once', ttlMs: 1_000, bound: 1, clearedBy: { 'banners.changed': 'all' } });
    expect(() => caches.declare({ name: 'once', ttlMs: 1_000, bound: 1, clearedBy: { 'banners.changed': 'all' } })).toThrow(
      /twice/,
    );
  });

  it('lets one failing listener neither stop the others nor fail the write that published', () => {
    const failures: unknown[] = [];
    const own = createDomainEvents(createChangeBus({}), { onError: (error) => failures.push(error) });
    const heard: string[] = [];
    own.subscribe('banners.changed', () => {
      throw new Error('a broken listener');
    });
    own.subscribe('banners.changed', (event) => heard.push(event.type));
    expect(() => own.publish({ type: 'banners.changed' })).not.toThrow();
    expect(heard).toEqual(['banners.changed']);
    expect(failures).toHaveLength(1);
  });
});
