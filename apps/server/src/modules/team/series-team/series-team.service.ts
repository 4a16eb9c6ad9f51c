import { isTeamRole, type SeriesMember, type SeriesMemberRole, type seriesMemberInputSchema } from '@inkwell/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { translatorFor, type ReaderLanguages } from '../../../lib/i18n';
import { findSeriesById } from '../../catalogue/series';
import { findUserById, findUserByUsername, type UserRow } from '../../identity/users';
import { createNotification } from '../../reading/notifications';
import { recordAuditEntry, type AuditContext } from '../audit';
import { deleteMember, lockMember, membersOf, setMemberCanPublish, upsertMember } from './series-team.repository';

/** A mail as the `mail.send` queue carries it. */
interface QueuedMail {
  to: string;
  subject: string;
  text: string;
}

export interface SeriesTeamDeps {
  db: Database;
  clock: Clock;
  events: EventPublisher;
  publicUrl: string;
  /** The language of the mails: the member's, or the site's default. */
  languages: Pick<ReaderLanguages, 'ofReader'>;
  /** Queues a mail (`mail.send`) in the transaction: it goes out only if the change commits. */
  queueMail: (tx: Transaction, mail: QueuedMail) => Promise<void>;
}

/** Who makes a change to a series' team: an admin, an editor, or the series' creator. */
export interface TeamActor {
  id: string;
  username: string;
  /** Set when the actor is a member of the series' team (its creator), not an editor or admin. */
  memberRole?: SeriesMemberRole;
}

type Change = 'added' | 'changed' | 'removed';

const roleShown = (role: SeriesMemberRole, canPublish: boolean) =>
  canPublish && role !== 'creator' ? `${role} (publishes)` : role;

/** Where a member finds the series in the dashboard. */
const dashboardLink = (seriesId: string) => `/dashboard/Series/Series/EditSerie/${seriesId}`;

/**
 * The member's bell notice and e-mail, in their own language (`language`: found before the
 * transaction, as finding the site's default reads outside it), in the change's transaction.
 */
async function tell(
  deps: Pick<SeriesTeamDeps, 'clock' | 'publicUrl' | 'queueMail'>,
  tx: Transaction,
  member: UserRow,
  language: string,
  change: Change,
  what: { seriesId: string; series: string; role: SeriesMemberRole; actor: string },
) {
  const now = deps.clock.now();
  const link = change === 'removed' ? null : dashboardLink(what.seriesId);
  const notice =
    change === 'added'
      ? ({ message: 'seriesTeamAdded', values: { series: what.series, role: what.role } } as const)
      : change === 'changed'
        ? ({ message: 'seriesTeamChanged', values: { series: what.series, role: what.role } } as const)
        : ({ message: 'seriesTeamRemoved', values: { series: what.series } } as const);
  await createNotification(tx, { ...notice, userId: member.id, link, kind: 'series_team', createdAt: now });
  const t = translatorFor(language);
  const values = { series: what.series, actor: what.actor, role: t(ROLE_IDS[what.role]) };
  const [subject, body] = {
    added: [t('mail.seriesTeam.added.subject', values), t('mail.seriesTeam.added.body', values)],
    changed: [t('mail.seriesTeam.changed.subject', values), t('mail.seriesTeam.changed.body', values)],
    removed: [t('mail.seriesTeam.removed.subject', values), t('mail.seriesTeam.removed.body', values)],
  }[change];
  const text = [t('mail.greeting', { username: member.username }), '', body];
  if (link) text.push('', t('mail.seriesTeam.open'), `${deps.publicUrl}${link}`);
  await deps.queueMail(tx, { to: member.email, subject: subject!, text: text.join('\n') });
}

/** The bell's word that a member may (or no longer may) publish the series' chapters. */
async function tellCanPublish(now: Date, tx: Transaction, userId: string, seriesId: string, series: string, canPublish: boolean) {
  await createNotification(tx, {
    message: canPublish ? 'seriesTeamCanPublish' : 'seriesTeamCannotPublish',
    values: { series },
    userId,
    link: dashboardLink(seriesId),
    kind: 'series_team',
    createdAt: now,
  });
}

/**
 * A team per series (issue 37 §3): admins give a user a role on one series, change it or take it
 * away; the series' creator (and editors and admins) lets a translator or an uploader publish. Each
 * change is written with its audit entry, its notice and its mail in one transaction, then told
 * to every instance (`series-team.changed`): the member's session changes at once.
 */
export function createSeriesTeamService(deps: SeriesTeamDeps) {
  const { db, clock, events } = deps;

  async function seriesOrThrow(seriesId: string) {
    const series = await findSeriesById(db, seriesId);
    if (!series) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
    return series;
  }

  async function list(seriesId: string): Promise<SeriesMember[]> {
    const rows = await membersOf(db, seriesId);
    return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
  }

  return {
    /** The series' team, creators first. */
    async members(seriesId: string): Promise<SeriesMember[]> {
      await seriesOrThrow(seriesId);
      return list(seriesId);
    },

    /**
     * Adds a user to the series' team by their name, or changes their role and leave to publish.
     * Editors and admins are refused (409): their role is site-wide, a place on a team would say
     * nothing more and vanish from their view of the dashboard.
     */
    async put(seriesId: string, input: z.output<typeof seriesMemberInputSchema>, actor: TeamActor, audit: AuditContext) {
      const series = await seriesOrThrow(seriesId);
      const member = await findUserByUsername(db, input.username);
      if (!member || member.deletedAt)
        throw new AppError('not_found', 'apiErrors.seriesTeam.unknownUser', { values: { username: input.username } });
      if (isTeamRole(member.role))
        throw new AppError('conflict', 'apiErrors.seriesTeam.siteWide', { values: { username: member.username } });
      const role = input.role;
      const canPublish = role === 'creator' ? true : input.canPublish;
      const language = await deps.languages.ofReader(member.locale);
      const changed = await db.transaction(async (tx) => {
        const before = await lockMember(tx, seriesId, member.id);
        if (before && before.role === role && before.canPublish === canPublish) return false;
        await upsertMember(tx, { seriesId, userId: member.id, role, canPublish, addedBy: actor.id, now: clock.now() });
        await recordAuditEntry(tx, audit, {
          changes: [
            {
              field: `Team: ${member.username}`,
              from: before ? roleShown(before.role, before.canPublish) : null,
              to: roleShown(role, canPublish),
            },
          ],
        });
        if (!before || before.role !== role) {
          const what = { seriesId, series: series.title, role, actor: actor.username };
          await tell(deps, tx, member, language, before ? 'changed' : 'added', what);
        } else {
          await tellCanPublish(clock.now(), tx, member.id, seriesId, series.title, canPublish);
        }
        return true;
      });
      if (changed) events.publish({ type: 'series-team.changed', seriesId, userId: member.id });
      return list(seriesId);
    },

    /** Takes a user off the series' team; they are told. */
    async remove(seriesId: string, userId: string, actor: TeamActor, audit: AuditContext) {
      const series = await seriesOrThrow(seriesId);
      const member = await findUserById(db, userId);
      const language = member ? await deps.languages.ofReader(member.locale) : '';
      await db.transaction(async (tx) => {
        const before = await lockMember(tx, seriesId, userId);
        if (!before || !member) throw new AppError('not_found', 'apiErrors.seriesTeam.notMember');
        await deleteMember(tx, seriesId, userId);
        await recordAuditEntry(tx, audit, {
          changes: [{ field: `Team: ${member.username}`, from: roleShown(before.role, before.canPublish), to: null }],
        });
        await tell(deps, tx, member, language, 'removed', {
          seriesId,
          series: series.title,
          role: before.role,
          actor: actor.username,
        });
      });
      events.publish({ type: 'series-team.changed', seriesId, userId });
      return list(seriesId);
    },

    /**
     * Lets a translator or an uploader publish and schedule the series' chapters, or not. The
     * series' creator may not change their own place, nor another creator's (an admin does).
     */
    async setCanPublish(seriesId: string, userId: string, canPublish: boolean, actor: TeamActor, audit: AuditContext) {
      const series = await seriesOrThrow(seriesId);
      if (actor.memberRole && userId === actor.id) throw new AppError('forbidden', 'apiErrors.seriesTeam.ownPlace');
      const member = await findUserById(db, userId);
      const changed = await db.transaction(async (tx) => {
        const before = await lockMember(tx, seriesId, userId);
        if (!before || !member) throw new AppError('not_found', 'apiErrors.seriesTeam.notMember');
        if (actor.memberRole && before.role === 'creator') throw new AppError('forbidden', 'apiErrors.seriesTeam.otherCreator');
        if (before.canPublish === canPublish) return false;
        await setMemberCanPublish(tx, seriesId, userId, canPublish, clock.now());
        await recordAuditEntry(tx, audit, {
          changes: [
            {
              field: `Team: ${member.username}`,
              from: roleShown(before.role, before.canPublish),
              to: roleShown(before.role, canPublish),
            },
          ],
        });
        await tellCanPublish(clock.now(), tx, userId, seriesId, series.title, canPublish);
        return true;
      });
      if (changed) events.publish({ type: 'series-team.changed', seriesId, userId });
      return list(seriesId);
    },
  };
}
export type SeriesTeamService = ReturnType<typeof createSeriesTeamService>;

/** A role's name in the mail's language. */
const ROLE_IDS: Record<SeriesMemberRole, string> = {
  creator: 'notices.seriesTeam.role.creator',
  translator: 'notices.seriesTeam.role.translator',
  uploader: 'notices.seriesTeam.role.uploader',
};
