import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { utcDayOf } from '../../../lib/clock';

/** Remembered answers, so a busy reader's every request does not test the bot pattern and hash again. */
const MEMO_MAX = 10_000;
const botByAgent = new Map<string, boolean>();
const visitorKeys = new Map<string, string>();

function remember<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const value = compute();
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, value);
  return value;
}

/**
 * Who is reading, for the view count: the user's id, or for a visitor a hash of their address
 * and browser that changes every day (so it identifies no one for longer). Crawlers are not
 * readers: null, and their views are not counted.
 */
export function readerKeyOf(request: FastifyRequest, secret: string, now: Date): string | null {
  // A team member previewing the site as another viewer (issue 22 §3) is not a reader: nothing counts.
  if (request.previewAs) return null;
  const userAgent = request.headers['user-agent'] ?? '';
  if (remember(botByAgent, userAgent, () => isbot(userAgent))) return null;
  if (request.user) return `u:${request.user.id}`;
  const day = utcDayOf(now);
  const input = `${day}\n${request.ip}\n${userAgent}`;
  return remember(
    visitorKeys,
    `${secret}\n${input}`,
    () => `v:${createHmac('sha256', secret).update(input).digest('base64url').slice(0, 22)}`,
  );
}
