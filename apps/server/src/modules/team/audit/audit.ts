import { ENDPOINTS, type Access, type AuditChange, type EndpointName } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Transaction } from '../../../db/client';
import type { SignedInRequest } from '../../../lib/endpoint';
import { insertAuditEntry, targetLabelOf } from './audit.repository';

/**
 * The audit log (issue 10 §2): every team and admin action, recorded in one place rather than in
 * each handler, so a new team endpoint is audited without anyone remembering to. The hook runs
 * as the answer is sent, for successful POST/PUT/PATCH/DELETE calls on `team` and `admin` endpoints.
 * An edit whose entry says more (what changed, a target the path does not name) hands the call's
 * `auditOf` to its command, which writes the entry in its own transaction instead.
 */

export interface AuditTarget {
  type: string;
  id: string;
  /** What the target is called now (a username, a series title): ids alone are hard to read later. */
  label?: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's endpoint name and access, set by `endpoint()`. */
    endpoint?: string;
    access?: Access;
  }
  interface FastifyRequest {
    /** The id and name the answer gave back (a created series' id and title), read as it is sent. */
    auditAnswer?: { id: string; label: string | null };
    /** The path's target as it was called before the action (a deleted chapter keeps its name in the log). */
    auditPathTarget?: { type: string; id: string; label: string | null };
    /**
     * The call handed its audit to a command (`auditOf`), which writes the entry in its own
     * transaction, or none when it changed nothing: the answer's hook writes none.
     */
    auditedByCommand?: boolean;
  }
}

const AUDIT_VALUE_MAX = 120;

/** A value as the log shows it: yes/no, lists joined, long text cut; null for none. */
function shownValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = Array.isArray(value)
    ? value.map((item) => shownValue(item) ?? '').join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX)}…` : text;
}

/** A long text as the log shows it: its length, not its words (a chapter's text, a description). */
const lengthOf = (value: unknown) => (typeof value === 'string' && value !== '' ? `${value.length} characters` : null);

/**
 * The fields named in `labels` whose value differs between `before` and `after`, in the labels'
 * order, each with its label ("Role") and both values as shown. `longText` fields are shown by
 * their length.
 */
export function changesBetween<T extends object>(
  before: T,
  after: T,
  labels: Partial<Record<keyof T, string>>,
  longText: readonly (keyof T)[] = [],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [key, field] of Object.entries(labels) as [keyof T, string][]) {
    if (longText.includes(key)) {
      if (before[key] !== after[key]) changes.push({ field, from: lengthOf(before[key]), to: lengthOf(after[key]) });
      continue;
    }
    const from = shownValue(before[key]);
    const to = shownValue(after[key]);
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/**
 * What a command needs to write its own audit entry (issue 34 §3): who acts, through which call,
 * from where. The command writes the entry with `recordAuditEntry` in the transaction that makes
 * the change, reading "before" and "after" there, so the entry commits or rolls back with it and
 * names the change that was really made; a command that changed nothing (a repeated refund)
 * writes none.
 */
export interface AuditContext {
  actor: { id: string; username: string; role: string };
  action: string;
  method: string;
  path: string;
  /** What the path names (`/team/series/:id` → series), unless the command names another target. */
  target: AuditTarget | null;
  details: unknown;
  status: number;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The audit context of a team or admin call, for the command that will write its entry: from
 * here on the entry is the command's, and the answer's hook writes none.
 */
export function auditOf(request: SignedInRequest): AuditContext {
  request.auditedByCommand = true;
  const endpoint = request.routeOptions.config.endpoint;
  const def = endpoint && endpoint in ENDPOINTS ? ENDPOINTS[endpoint as EndpointName] : undefined;
  const path = pathTarget(request);
  return {
    actor: { id: request.user.id, username: request.user.username, role: request.seriesMember?.role ?? request.user.role },
    action: endpoint ?? request.routeOptions.url ?? request.url,
    method: request.method,
    path: pathOf(request.url),
    target: path?.type && path.id ? { type: path.type, id: path.id } : null,
    details: detailsOf(request),
    status: def && 'status' in def && def.status ? def.status : 200,
    ip: request.ip,
    userAgent: userAgentOf(request.headers['user-agent']),
  };
}

/**
 * Writes a command's audit entry with the command's own transaction: if the change rolls back, so
 * does its entry, and if the entry cannot be written, the change is not made. The target is the
 * path's unless given, named as it is inside the transaction unless its label is given; the action
 * is the endpoint's and the details what the call sent, unless the command says otherwise.
 */
export async function recordAuditEntry(
  tx: Transaction,
  audit: AuditContext,
  entry: { action?: string; target?: AuditTarget; changes?: AuditChange[]; details?: unknown } = {},
): Promise<void> {
  const target = entry.target ?? audit.target;
  const label = target ? (target.label ?? (await targetLabelOf(tx, target.type, target.id))) : null;
  await insertAuditEntry(tx, {
    actorId: audit.actor.id,
    actorName: audit.actor.username,
    actorRole: audit.actor.role,
    action: entry.action ?? audit.action,
    method: audit.method,
    path: audit.path,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    targetLabel: label,
    details: entry.details === undefined ? audit.details : redact(entry.details),
    changes: entry.changes ?? null,
    status: audit.status,
    ip: audit.ip,
    userAgent: audit.userAgent,
  });
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const AUDITED: ReadonlySet<Access | undefined> = new Set<Access | undefined>(['team', 'admin']);

export const auditPlugin = fp(
  async (app: FastifyInstance, { db }: { db: Database }) => {
    // Written as the answer goes out (a create's target is only known from it), and before it
    // arrives: whoever reads the log after an action finds the action there.
    const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
      if (reply.statusCode >= 400 || !request.user || request.auditedByCommand) return payload;
      if (typeof payload === 'string') request.auditAnswer = answerTarget(payload);
      const action = request.routeOptions.config.endpoint ?? request.routeOptions.url ?? request.url;
      try {
        await insertAuditEntry(db, {
          actorId: request.user.id,
          actorName: request.user.username,
          // A series' team member acting on their series: their role there (the target names the series).
          actorRole: request.seriesMember?.role ?? request.user.role,
          action,
          method: request.method,
          path: pathOf(request.url),
          ...(await targetColumns(db, request)),
          details: detailsOf(request),
          changes: null,
          status: reply.statusCode,
          ip: request.ip,
          userAgent: userAgentOf(request.headers['user-agent']),
        });
      } catch (error) {
        // The action is done; a lost audit row is logged loudly rather than failing its answer.
        request.log.error({ err: error, action }, 'could not write the audit log');
      }
      return payload;
    };
    // The path's target is named before the handler runs: after a delete there is nothing left to name.
    const nameTarget: preHandlerAsyncHookHandler = async (request) => {
      const target = pathTarget(request);
      if (!target?.id || !target.type) return;
      try {
        request.auditPathTarget = { type: target.type, id: target.id, label: await targetLabelOf(db, target.type, target.id) };
      } catch (error) {
        request.log.warn({ err: error }, 'could not name the audit target');
      }
    };
    // Only team and admin mutations get the hooks: the readers' hot routes pay nothing for the log.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (!AUDITED.has(route.config?.access) || !methods.some((method) => MUTATIONS.has(method))) return;
      route.preHandler = [...[route.preHandler ?? []].flat(), nameTarget];
      route.onSend = [...[route.onSend ?? []].flat(), onSend];
    });
  },
  { name: 'audit' },
);

/** The target the route's path names: the segment before its first parameter (`/team/series/:id` → series). */
function pathTarget(request: FastifyRequest): { type: string | null; id: string | null } | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const segments = (request.routeOptions.url ?? '').split('/');
  const at = segments.findIndex((segment) => segment.startsWith(':'));
  if (at < 0) return null;
  const name = segments[at]!.slice(1);
  const value = typeof params[name] === 'string' ? (params[name] as string) : null;
  const type = name === 'id' ? (segments[at - 1] ?? null) : name.replace(/Id$/, '');
  return { type, id: value };
}

/**
 * The route's target. Its name (issue 33 §14: names, not ids) is what it is called now, else what
 * it was called before the action (a deleted chapter), else what the answer gave back.
 */
async function targetColumns(db: Database, request: FastifyRequest) {
  const before = request.auditPathTarget;
  const answer = request.auditAnswer;
  const target = pathTarget(request);
  if (!target) {
    // `/team/series` → a series, named by what the answer gave back.
    const last = (request.routeOptions.url ?? '').split('/').filter(Boolean).at(-1) ?? null;
    return { targetType: answer ? last : null, targetId: answer?.id ?? null, targetLabel: answer?.label ?? null };
  }
  // A thing made under another (`POST /team/series/:id/chapters`): the entry names what was made.
  const collection = (request.routeOptions.url ?? '').split('/').filter(Boolean).at(-1) ?? '';
  if (request.method === 'POST' && answer && answer.id !== target.id && !collection.startsWith(':')) {
    const made = await targetLabelOf(db, collection, answer.id);
    if (made !== null) return { targetType: collection, targetId: answer.id, targetLabel: made };
  }
  const { type, id } = target;
  let label: string | null = null;
  if (type && id) label = await targetLabelOf(db, type, id);
  if (label === null && before?.id === id) label = before.label;
  if (label === null && answer && answer.id === id) label = answer.label;
  return { targetType: type, targetId: id, targetLabel: label };
}

function answerTarget(payload: string): { id: string; label: string | null } | undefined {
  try {
    const data = (JSON.parse(payload) as { data?: Record<string, unknown> }).data;
    if (!data || typeof data.id !== 'string') return undefined;
    const label = [data.title, data.name, data.username, data.slug].find((value) => typeof value === 'string' && value !== '');
    return { id: data.id, label: (label as string | undefined)?.slice(0, 200) ?? null };
  } catch {
    return undefined;
  }
}

function detailsOf(request: FastifyRequest): unknown {
  if (request.isMultipart()) return { upload: true };
  return request.body === undefined ? null : redact(request.body);
}

const SECRET_KEY = /pass(word)?|secret|token|code|challenge|otp/i;
const VALUE_MAX = 500;
const DEPTH_MAX = 4;

/** A copy that is safe to keep: secrets replaced, long text cut, deep or wide values trimmed. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX)}… (${value.length} characters)` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DEPTH_MAX) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) ? '[redacted]' : redact(inner, depth + 1),
    ]),
  );
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

function userAgentOf(value: string | undefined): string | null {
  return value ? value.slice(0, 300) : null;
}
