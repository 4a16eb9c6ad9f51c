import { ROUTES } from '@inkwell/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/render';
import { allowPush } from './push';

/** A browser subscription as the Push API gives it. */
function browserSubscription(endpoint: string) {
  return {
    endpoint,
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPd', auth: 'au' } }),
  };
}

/** A browser that allows push and already holds `held` (or nothing); a new subscription is `fresh`. */
function browserWith(held: ReturnType<typeof browserSubscription> | null, fresh: ReturnType<typeof browserSubscription>) {
  const pushManager = { getSubscription: vi.fn(async () => held), subscribe: vi.fn(async () => fresh) };
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => ({}), ready: Promise.resolve({ pushManager }) },
  });
  return pushManager;
}

/** The server: the VAPID key, and subscriptions answered by `answer(endpoint)`. */
function serverAnswering(answer: (endpoint: string) => Response) {
  const posted: string[] = [];
  mockApi({
    [ROUTES.pushVapidKey.path]: () => Response.json({ success: true, data: { publicKey: 'BEl6' } }),
    [`POST ${ROUTES.pushSubscribe.path}`]: (init) => {
      const { endpoint } = JSON.parse(String(init?.body)) as { endpoint: string };
      posted.push(endpoint);
      return answer(endpoint);
    },
  });
  return posted;
}
const subscribed = (endpoint: string) => Response.json({ success: true, data: { endpoint, subscribed: true } }, { status: 201 });
const failure = (status: number, code: string) =>
  Response.json({ success: false, message: 'No', error: { code, message: 'No' } }, { status });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('allowing push on a browser', () => {
  it('gives up a subscription the server keeps for another account (409) and saves a new one', async () => {
    const previous = browserSubscription('https://push.example/previous-reader');
    const fresh = browserSubscription('https://push.example/this-reader');
    const pushManager = browserWith(previous, fresh);
    const posted = serverAnswering((endpoint) =>
      endpoint === previous.endpoint ? failure(409, 'conflict') : subscribed(endpoint),
    );

    expect(await allowPush()).toBe('on');
    expect(previous.unsubscribe).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([previous.endpoint, fresh.endpoint]);
  });

  it('keeps the browser’s subscription on any other failure, and says so', async () => {
    const held = browserSubscription('https://push.example/held');
    browserWith(held, browserSubscription('https://push.example/unused'));
    serverAnswering(() => failure(400, 'validation_failed'));

    await expect(allowPush()).rejects.toMatchObject({ code: 'validation_failed' });
    expect(held.unsubscribe).not.toHaveBeenCalled();
  });
});
