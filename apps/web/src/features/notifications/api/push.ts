import type { PushSubscriptionInput } from '@inkwell/contract';
import { ApiError, callApiData } from '../../../lib/api-client';

/** Whether this browser can take push at all (a service worker, the Push API and notifications). */
export function canPush(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker at /sw.js (scope /), registered once per page. */
function serviceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready);
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await serviceWorker()).pushManager.getSubscription();
}

/**
 * Asks the browser for permission, subscribes it with our VAPID key and tells the server. A
 * subscription the server keeps for another account (this browser was theirs: 409) is given up and
 * a new one made, whose endpoint is this account's.
 */
export async function allowPush(): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { publicKey } = await callApiData('pushVapidKey');
  const registration = await serviceWorker();
  const subscribe = () =>
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) });
  const save = (subscription: PushSubscription) =>
    callApiData('pushSubscribe', { body: subscription.toJSON() as PushSubscriptionInput });
  const subscription = (await registration.pushManager.getSubscription()) ?? (await subscribe());
  try {
    await save(subscription);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
    await subscription.unsubscribe();
    await save(await subscribe());
  }
  return 'on';
}

/** Unsubscribes this browser here and on the server. */
export async function stopPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await callApiData('pushUnsubscribe', { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
