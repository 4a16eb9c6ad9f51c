import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { loggerOptions, redactUrl } from './logger';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ indexHtml: '<!doctype html><title>Inkwell</title>', logger: { ...loggerOptions('info'), stream } });
});
afterAll(async () => {
  await t?.close();
});

describe('the request log (issue 7 §4.11)', () => {
  it('never holds a reset token, however the URL carries it', async () => {
    const secret = 'rst_Secret-Token-Value-123';
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    await t.app.inject({ method: 'GET', url: `/reset-password?utm=x&token=${secret}#top` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing?TOKEN=${secret}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/proxy/public/reset-password?token=${secret}`,
      headers: { origin: TEST_ORIGIN },
      payload: { token: secret, password: 'copper-kettle-55' },
    });
    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('utm=x&token=[redacted]');
    expect(log).not.toContain(secret);
  });

  it('never holds a signed page URL’s signature (issue 32)', async () => {
    const signed = t.app.services.signer.sign('/media/pages/chapter/page-key.webp', t.clock.now());
    const sig = new URL(signed, TEST_ORIGIN).searchParams.get('sig')!;
    await t.app.inject({ method: 'GET', url: signed });
    await t.app.inject({ method: 'GET', url: signed.replace('sig=', '%73ig=') });
    await t.app.inject({ method: 'GET', url: signed.replace('sig=', 'SIG=') });
    const log = lines.join('');
    expect(log).toContain('/media/pages/chapter/page-key.webp?exp=');
    expect(log).toContain('&sig=[redacted]');
    expect(log).toContain('&%73ig=[redacted]');
    expect(log).not.toContain(sig);
  });

  it.each([
    ['/media/pages/a.webp?exp=1700000000&sig=AbC_123-xyz', '/media/pages/a.webp?exp=1700000000&sig=[redacted]'],
    ['/x?signature=s1&token=t1&key=k1', '/x?signature=[redacted]&token=[redacted]&key=[redacted]'],
    [
      '/file?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20260101&X-Amz-Date=20260101T000000Z&X-Amz-Signature=abc123',
      '/file?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[redacted]&X-Amz-Date=20260101T000000Z&X-Amz-Signature=[redacted]',
    ],
    ['/x?x-amz-security-token=tok', '/x?x-amz-security-token=[redacted]'],
    ['/x?access_token=a&api_key=b&code=c', '/x?access_token=[redacted]&api_key=[redacted]&code=[redacted]'],
    ['/x?s%69g=1&%4Bey=2', '/x?s%69g=[redacted]&%4Bey=[redacted]'],
    ['/x?sig=1#frag', '/x?sig=[redacted]#frag'],
    ['/x?sig', '/x?sig'],
    ['/x?%E0%A4%A=1&sig=2', '/x?%E0%A4%A=1&sig=[redacted]'],
  ])('redacts the bearer parameters of %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('keeps the rest of the URL', () => {
    expect(redactUrl('/series/crown?page=2&token=abc&sort=new')).toBe('/series/crown?page=2&token=[redacted]&sort=new');
    expect(redactUrl('/tokenized?mytoken=1')).toBe('/tokenized?mytoken=1');
    expect(redactUrl('/media/pages/a.webp?exp=1700000000&w=640&as=reader')).toBe(
      '/media/pages/a.webp?exp=1700000000&w=640&as=reader',
    );
    expect(redactUrl('/series/key-to-the-sea/sig')).toBe('/series/key-to-the-sea/sig');
  });
});
