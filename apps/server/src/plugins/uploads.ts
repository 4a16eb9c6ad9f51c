import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';

type MultipartHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type CallbackPlugin = (app: FastifyInstance, options: FastifyMultipartOptions, done: (error?: Error) => void) => void;

/**
 * Multipart bodies (every upload: avatars, covers, banners, pages, imports), with @fastify/multipart's
 * two hooks run for multipart requests only (issue 40). Those hooks delete the files a route saved
 * to disk (`saveRequestFiles`); Inkwell streams every upload (`request.file()`, `request.parts()`) and
 * saves none, yet each other request paid both hooks and six promises: about a tenth of a cached
 * visitor answer's time. The plugin is handed the app through a proxy that wraps its hooks.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, options: FastifyMultipartOptions) => {
    const multipartOnly = new Proxy(app, {
      get(target, property, receiver) {
        if (property !== 'addHook') return Reflect.get(target, property, receiver) as unknown;
        return (name: 'onRequest' | 'onResponse', hook: MultipartHook) => {
          // A callback hook, not an async one: a request that is not multipart makes no promise.
          function whenMultipart(
            this: FastifyInstance,
            request: FastifyRequest,
            reply: FastifyReply,
            done: (error?: Error) => void,
          ) {
            if (!request.isMultipart()) return done();
            hook.call(this, request, reply).then(() => done(), done);
          }
          return target.addHook(name as 'onRequest', whenMultipart as onRequestHookHandler);
        };
      },
    });
    await new Promise<void>((resolve, reject) => {
      (multipart as unknown as CallbackPlugin)(multipartOnly, options, (error) => (error ? reject(error) : resolve()));
    });
  },
  { name: 'uploads' },
);
