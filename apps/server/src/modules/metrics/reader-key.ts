import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';

/**
 * Who is reading, for the view count: the user's id, or for a visitor a hash of their address
 * and browser that changes every day (so it identifies no one for longer). Crawlers are not
 * readers: null, and their views are not counted.
 */
export function readerKeyOf(request: FastifyRequest, secret: string, now: Date): string | null {
  const userAgent = request.headers['user-agent'] ?? '';
  if (isbot(userAgent)) return null;
  if (request.user) return `u:${request.user.id}`;
  const day = now.toISOString().slice(0, 10);
  return `v:${createHmac('sha256', secret).update(`${day}\n${request.ip}\n${userAgent}`).digest('base64url').slice(0, 22)}`;
}
