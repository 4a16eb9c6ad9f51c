import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ROUTES, isTeamRole } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Each endpoint's access by its method and OpenAPI path (`/series/{slug}`). */
const ACCESS = new Map(
  Object.values(ROUTES).map((route) => [`${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`, route.access]),
);

/**
 * The document as this reader may see it (issue 20 §4): the team's and everyone's calls for the
 * team, the public ones for everyone else, so the team's API is not described to strangers.
 */
function documentFor(document: Readonly<Record<string, unknown>>, request: FastifyRequest) {
  if (request.user && isTeamRole(request.user.role)) return document;
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  const shown: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(paths)) {
    const kept = Object.fromEntries(
      Object.entries(operations).filter(([method]) => {
        const access = ACCESS.get(`${method.toUpperCase()} ${path}`);
        return access === undefined || access === 'public';
      }),
    );
    if (Object.keys(kept).length > 0) shown[path] = kept;
  }
  return { ...document, paths: shown };
}

/** OpenAPI generated from the contract's zod schemas; the document and its UI at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Inkwell API', version: '1.0.0', description: 'The API behind Inkwell.' },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformSpecification: (document, request) => documentFor(document, request),
      transformSpecificationClone: false,
    });
  },
  { name: 'openapi' },
);
