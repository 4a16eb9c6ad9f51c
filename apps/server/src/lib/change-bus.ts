import { Redis } from 'ioredis';

const CHANNEL = 'inkwell:user-changed';
/** Site-wide changes (the site's configuration), by topic name. */
const TOPIC_CHANNEL = 'inkwell:topic-changed';

/** What is kept site-wide per instance and changes now and then. */
export type ChangeTopic = 'site-config';

/**
 * Tells every instance that something about a user changed (coins, plan, unlocks, sessions), so
 * each drops what it cached about them. Over Redis pub/sub when REDIS_URL is set (the production
 * shape: N instances on one Redis); in process otherwise, where there is only this instance.
 */
export interface ChangeBus {
  publish(userId: string): void;
  subscribe(handler: (userId: string) => void): void;
  /** Something site-wide changed: every instance (this one at once) drops what it kept of it. */
  publishTopic(topic: ChangeTopic): void;
  subscribeTopic(topic: ChangeTopic, handler: () => void): void;
  close(): Promise<void>;
}

export function createChangeBus(redisUrl: string | undefined): ChangeBus {
  const handlers: ((userId: string) => void)[] = [];
  const deliver = (userId: string) => handlers.forEach((handler) => handler(userId));
  const topicHandlers: { topic: string; handler: () => void }[] = [];
  const deliverTopic = (topic: string) => topicHandlers.filter((entry) => entry.topic === topic).forEach((entry) => entry.handler());
  const subscribeTopic = (topic: ChangeTopic, handler: () => void) => void topicHandlers.push({ topic, handler });
  if (!redisUrl) {
    return {
      publish: deliver,
      subscribe: (handler) => void handlers.push(handler),
      publishTopic: deliverTopic,
      subscribeTopic,
      close: async () => {},
    };
  }
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  void subscriber.subscribe(CHANNEL, TOPIC_CHANNEL);
  subscriber.on('message', (channel: string, message: string) => (channel === TOPIC_CHANNEL ? deliverTopic(message) : deliver(message)));
  return {
    publish(userId) {
      // This instance forgets at once; the others as soon as Redis delivers.
      deliver(userId);
      void publisher.publish(CHANNEL, userId).catch(() => {});
    },
    subscribe: (handler) => void handlers.push(handler),
    publishTopic(topic) {
      deliverTopic(topic);
      void publisher.publish(TOPIC_CHANNEL, topic).catch(() => {});
    },
    subscribeTopic,
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
