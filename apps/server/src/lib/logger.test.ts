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

  it('keeps the rest of the URL', () => {
    expect(redactUrl('/series/crown?page=2&token=abc&sort=new')).toBe('/series/crown?page=2&token=[redacted]&sort=new');
    expect(redactUrl('/tokenized?mytoken=1')).toBe('/tokenized?mytoken=1');
  });
});
