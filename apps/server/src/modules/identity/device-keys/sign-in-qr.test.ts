import { Writable } from 'node:stream';
import { OPDS_AUTH_CATALOG_PATH } from '@inkwell/contract';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { loggerOptions } from '../../../lib/logger';

// Issue 39: a new key comes with a QR code of the catalogue address that always asks for the key,
// the username and key in it, drawn on the server as an SVG data: URL; no log line holds the key.

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ logger: { ...loggerOptions('info'), stream } });
});
afterAll(async () => {
  await t?.close();
});

describe('a new key’s QR code', () => {
  it('carries the challenging OPDS 1.2 address with the username and key, which sign an app in there', async () => {
    const user = await buildUser(t.db, { username: 'qr_reader' });
    const cookie = await loginAs(t.app, user);
    const made = await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Panels on my phone' } });
    expect(made.status).toBe(201);
    const { key, qrCode } = made.body.data as { key: string; qrCode: string };
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qrCode.split(',')[1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg /);

    const address = new URL(OPDS_AUTH_CATALOG_PATH, TEST_ORIGIN);
    address.username = 'qr_reader';
    address.password = key;
    // The same text draws the same code: this is what the camera reads.
    expect(svg).toBe(await QRCode.toString(address.href, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    expect(address.href).toBe(`${TEST_ORIGIN}/opds/v1.2/auth/catalog`.replace('://', `://qr_reader:${key}@`));

    // What an app does with it: the address, and the username and key as Basic credentials.
    const read = new URL(address.href);
    const credentials = `${decodeURIComponent(read.username)}:${decodeURIComponent(read.password)}`;
    const catalog = await t.app.inject({
      method: 'GET',
      url: read.pathname,
      headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
    });
    expect(catalog.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: read.pathname })).statusCode).toBe(401);

    // The key is in no log line: not the answer that made it, not the requests it signed.
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(key))).toEqual([]);
  });
});
