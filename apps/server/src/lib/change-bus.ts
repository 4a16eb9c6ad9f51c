import { Redis } from 'ioredis';

const CHANNEL = 'inkwell:user-changed';

/**
 * Tells every instance that something about a user changed (coins, plan, unlocks, sessions), so
 * each drops what it cached about them. Over Redis pub/sub when REDIS_URL is set (the production
 * shape: N instances on one Redis); in process otherwise, where there is only this instance.
 */
export interface ChangeBus {
  publish(userId: string): void;
  subscribe(handler: (userId: string) => void): void;
  close(): Promise<void>;
}

export function createChangeBus(redisUrl: string | undefined): ChangeBus {
  const handlers: ((userId: string) => void)[] = [];
  const deliver = (userId: string) => handlers.forEach((handler) => handler(userId));
  if (!redisUrl) {
    return {
      publish: deliver,
      subscribe: (handler) => void handlers.push(handler),
      close: async () => {},
    };
  }
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  void subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel: string, userId: string) => deliver(userId));
  return {
    publish(userId) {
      // This instance forgets at once; the others as soon as Redis delivers.
      deliver(userId);
      void publisher.publish(CHANNEL, userId).catch(() => {});
    },
    subscribe: (handler) => void handlers.push(handler),
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
