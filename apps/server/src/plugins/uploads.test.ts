import { existsSync } from 'node:fs';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadsPlugin } from './uploads';

const BOUNDARY = 'inkwell-boundary';
const multipartBody = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="page.txt"',
  'Content-Type: text/plain',
  '',
  'a page',
  `--${BOUNDARY}--`,
  '',
].join('\r\n');

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app with the plugin under test, a plain route that reports multipart's traces, and one that saves its upload to disk. */
async function appWith(plugin: typeof uploadsPlugin) {
  app = Fastify();
  await app.register(plugin, { limits: { fileSize: 1024 } });
  // @fastify/multipart's request hook listens for the response's close on every request it runs for.
  app.get('/plain', async (_request, reply) => ({ closeListeners: reply.raw.listenerCount('close') }));
  let saved: string[] = [];
  app.post('/saved', async (request) => {
    // This version answers { files, values }; its types still say an array.
    const result = (await request.saveRequestFiles()) as unknown as { files: { filepath: string }[] };
    saved = result.files.map((file) => file.filepath);
    return { saved: saved.length, present: saved.every((path) => existsSync(path)) };
  });
  await app.ready();
  return { app, saved: () => saved };
}

describe('uploads (multipart bodies)', () => {
  it("runs @fastify/multipart's hooks for multipart requests only", async () => {
    const plain = await appWith(multipart as unknown as typeof uploadsPlugin);
    const withEveryRequest = (await plain.app.inject({ method: 'GET', url: '/plain' })).json().closeListeners;
    await plain.app.close();

    const scoped = await appWith(uploadsPlugin);
    const withOurs = (await scoped.app.inject({ method: 'GET', url: '/plain' })).json().closeListeners;
    // The plain plugin added its listener to a request with no body at all; ours did not.
    expect(withOurs).toBe(withEveryRequest - 1);
  });

  it('still reads a multipart body, and still deletes the files a route saved once the answer is sent', async () => {
    const { app: scoped, saved } = await appWith(uploadsPlugin);
    const response = await scoped.inject({
      method: 'POST',
      url: '/saved',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody,
    });
    expect(response.json(), response.body).toEqual({ saved: 1, present: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved().filter((path) => existsSync(path))).toEqual([]);
  });
});
