import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
// http_ece comes with web-push: the same RFC 8188 code a browser's push stack runs, used here to read what we sent.
// @ts-expect-error: the package has no types
import ece from 'http_ece';

/** A notice as our server sent it: the decrypted payload and the headers the push service saw. */
interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  payload: { title: string; body: string; link: string | null };
}

/**
 * A push service on loopback, standing in for FCM or Mozilla's (issue 21 §4): each subscription it
 * hands out has its own browser key pair and auth secret, so what arrives can be decrypted as a
 * browser would. `gone` makes an endpoint answer 410, as a push service does for an unsubscribed browser.
 */
export async function startFakePushService() {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const browser = browsers.get(path);
      if (!browser || gone.has(path)) {
        response.writeHead(gone.has(path) ? 410 : 404).end();
        return;
      }
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth.toString('base64url'),
      }) as Buffer;
      received.push({ path, headers: request.headers, payload: JSON.parse(plain.toString('utf8')) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    received,
    /** A new browser's `PushSubscription.toJSON()`. */
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: `http://127.0.0.1:${port}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    forget(endpoint: string) {
      gone.add(new URL(endpoint).pathname);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
