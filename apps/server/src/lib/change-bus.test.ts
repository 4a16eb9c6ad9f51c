import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../../test/helpers';
import { chooseChangeBusTransport, createChangeBus, type ChangeBus, type ChangeBusTarget } from './change-bus';

/** What a bus heard, and a way to wait (at most 2 s) for one message to arrive. */
function listenTo(bus: ChangeBus) {
  const messages: string[] = [];
  const waiting: { isDue: () => boolean; resolve: (heard: boolean) => void }[] = [];
  bus.listen((message) => {
    messages.push(message);
    waiting.filter((entry) => entry.isDue()).forEach((entry) => entry.resolve(true));
  });
  const until = (isDue: () => boolean) =>
    new Promise<boolean>((resolve) => {
      if (isDue()) return resolve(true);
      const deadline = setTimeout(() => resolve(false), 2_000);
      waiting.push({ isDue, resolve: (heard) => (clearTimeout(deadline), resolve(heard)) });
    });
  return { messages, hears: (message: string) => until(() => messages.includes(message)) };
}

describe('which transport the bus takes', () => {
  it.each<[ChangeBusTarget, string]>([
    [{ redisUrl: 'redis://cache:6379', postgresUrl: 'postgres://db/inkwell' }, 'redis+postgres'],
    [{ redisUrl: 'redis://cache:6379' }, 'redis'],
    [{ postgresUrl: 'postgres://db/inkwell' }, 'postgres'],
    [{}, 'process'],
  ])('%j → %s', (target, transport) => {
    expect(chooseChangeBusTransport(target)).toBe(transport);
  });
});

describe('the change bus in process (PGlite: one process)', () => {
  it('carries nothing: there is no other process to tell (the domain events deliver to this one)', async () => {
    const bus = createChangeBus({});
    const heard = listenTo(bus);
    await bus.ready();
    bus.send('a message');
    expect(heard.messages).toEqual([]);
    await bus.close();
  });
});

/**
 * The same checks over each transport between processes: two buses stand for two instances (or
 * an instance and `npm run user`) on the same database or Redis.
 */
function describeAcrossProcesses(name: string, isAvailable: () => boolean, openTarget: () => Promise<ChangeBusTarget>) {
  describe.skipIf(!isAvailable())(name, () => {
    let target: ChangeBusTarget;
    const buses: ChangeBus[] = [];
    const openBus = () => {
      const bus = createChangeBus(target, { onError: (error) => expect.unreachable(String(error)) });
      buses.push(bus);
      return bus;
    };
    beforeAll(async () => {
      target = await openTarget();
    });
    afterAll(async () => {
      await Promise.all(buses.map((bus) => bus.close()));
    });

    it('delivers a message to the other instance, and back to the sender when it listens', async () => {
      const publisher = openBus();
      const other = openBus();
      const here = listenTo(publisher);
      const there = listenTo(other);
      await Promise.all([publisher.ready(), other.ready()]);
      const message = randomUUID();
      publisher.send(message);
      expect(await there.hears(message)).toBe(true);
      expect(await here.hears(message)).toBe(true);
    });

    it('still delivers what was published just before close (npm run user publishes, closes and exits)', async () => {
      const other = openBus();
      const there = listenTo(other);
      await other.ready();
      const command = createChangeBus(target);
      const message = randomUUID();
      command.send(message);
      await command.close();
      expect(await there.hears(message)).toBe(true);
    });
  });
}

const testDatabase = inject('testDatabase');
// A database of this file's own: notifications never leave their database.
let database: DatabaseHandle | undefined;
const openDatabaseUrl = async () => {
  database ??= await openTestDatabase();
  return database.url!;
};
afterAll(async () => {
  await database?.close();
});

describeAcrossProcesses(
  'the change bus over PostgreSQL (LISTEN/NOTIFY, no Redis)',
  () => testDatabase.kind === 'postgres',
  async () => ({ postgresUrl: await openDatabaseUrl() }),
);

describeAcrossProcesses(
  'the change bus over Redis',
  () => Boolean(process.env.REDIS_URL),
  async () => ({ redisUrl: process.env.REDIS_URL }),
);

describeAcrossProcesses(
  'the change bus over Redis and PostgreSQL at once (each change heard from either)',
  () => Boolean(process.env.REDIS_URL) && testDatabase.kind === 'postgres',
  async () => ({ redisUrl: process.env.REDIS_URL, postgresUrl: await openDatabaseUrl() }),
);

describeAcrossProcesses(
  'the change bus while Redis is away (issue 20 §1: PostgreSQL carries every change)',
  () => testDatabase.kind === 'postgres',
  // Nothing listens on port 1: every Redis connection is refused.
  async () => ({ redisUrl: 'redis://127.0.0.1:1', postgresUrl: await openDatabaseUrl() }),
);

describe.skipIf(testDatabase.kind !== 'postgres')('the change bus over PostgreSQL, when its connection is cut', () => {
  it('listens again by itself', async () => {
    const postgresUrl = await openDatabaseUrl();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const publisher = createChangeBus({ postgresUrl });
    const listener = createChangeBus({ postgresUrl });
    try {
      const there = listenTo(listener);
      await listener.ready();
      const cut = await admin.query(`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
      expect(cut.rows.length).toBeGreaterThan(0);
      // Publish until the listener is back (the bus listens again within a moment), at most 3 s.
      const deadline = Date.now() + 3_000;
      let isBack = false;
      while (!isBack && Date.now() < deadline) {
        const message = randomUUID();
        publisher.send(message);
        isBack = await Promise.race([
          there.hears(message),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100)),
        ]);
      }
      expect(isBack).toBe(true);
    } finally {
      await publisher.close();
      await listener.close();
      await admin.end();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL || testDatabase.kind !== 'postgres')('two sites on one Redis', () => {
  it('each hears only the changes of its own database', async () => {
    const otherDatabase = await openTestDatabase();
    const here = createChangeBus({ redisUrl: process.env.REDIS_URL, postgresUrl: await openDatabaseUrl() });
    const otherSite = createChangeBus({ redisUrl: process.env.REDIS_URL, postgresUrl: otherDatabase.url });
    try {
      const heardHere = listenTo(here);
      const heardThere = listenTo(otherSite);
      await Promise.all([here.ready(), otherSite.ready()]);
      const message = randomUUID();
      here.send(message);
      expect(await heardHere.hears(message)).toBe(true);
      // It has reached this site; the other is given 300 ms more to show it does not hear it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heardThere.messages).toEqual([]);
    } finally {
      await here.close();
      await otherSite.close();
      await otherDatabase.close();
    }
  });
});
