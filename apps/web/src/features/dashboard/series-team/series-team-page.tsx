import type { SeriesMember } from '@inkwell/contract';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { FormAlert } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmButton } from '../components/fields';
import { RecordHeader } from '../components/record-header';
import { useTeamSeries } from '../series/api/get-team-series';
import { useRemoveSeriesMember, useSeriesMembers, useSetMemberPublishing } from './api/series-members';
import { AddMemberForm } from './add-member-form';
import { ROLE_IDS } from './role-labels';
import { useSeriesAccess } from './series-access';
import '../messages';

// The funnel's chart is large; only a series' creator sees it here.
const SeriesFunnelPanel = lazy(() => import('./series-funnel-panel'));

/**
 * /Dashboard/Series/Series/EditSerie/{id}/Team (issue 37 §3): who works on this series. An admin
 * adds and removes members; the series' creator (and staff) let a translator or an uploader publish.
 */
export default function SeriesTeamPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.seriesTeam.documentTitle'));
  const { id = '' } = useParams();
  const access = useSeriesAccess(id);
  const series = useTeamSeries(id);
  const { isChecking } = useAuth();
  const members = useSeriesMembers(id, isChecking ? null : access.isAdmin);
  const title = series.data?.title;
  const refused = [members.error, series.error].find((error) => error instanceof ApiError && error.status === 403);

  return (
    <div className="space-y-8">
      <RecordHeader
        backTo={`/Dashboard/Series/Series/EditSerie/${id}`}
        backLabel={t('dashboard.seriesTeam.back')}
        title={title ? t('dashboard.seriesTeam.heading', { title }) : t('dashboard.seriesTeam.documentTitle')}
        description={t('dashboard.seriesTeam.intro')}
      />
      {refused ? (
        <FormAlert tone="error">{refused.message || t('dashboard.seriesTeam.forbidden')}</FormAlert>
      ) : members.isError ? (
        <FormAlert tone="error">{t('dashboard.seriesTeam.loadError')}</FormAlert>
      ) : members.isPending ? (
        <p className="text-zinc-400">{t('dashboard.seriesTeam.loading')}</p>
      ) : (
        <MemberList seriesId={id} members={members.data} canRemove={access.isAdmin} />
      )}
      {access.role === 'creator' && series.data && (
        <Suspense fallback={null}>
          <SeriesFunnelPanel seriesId={id} title={series.data.title} slug={series.data.slug} />
        </Suspense>
      )}
      {access.isAdmin ? (
        <AddMemberForm seriesId={id} />
      ) : (
        !refused && <p className="text-sm text-zinc-400">{t('dashboard.seriesTeam.adminsChoose')}</p>
      )}
    </div>
  );
}

function MemberList({ seriesId, members, canRemove }: { seriesId: string; members: SeriesMember[]; canRemove: boolean }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const remove = useRemoveSeriesMember(seriesId);
  const setPublishing = useSetMemberPublishing(seriesId);
  if (members.length === 0)
    return <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">{t('dashboard.seriesTeam.empty')}</p>;
  const fail = (error: Error) =>
    toast({ type: 'error', message: error.message || t('dashboard.seriesTeam.saveFailed'), duration: 5000 });
  return (
    <section aria-labelledby="members-h">
      <h2 id="members-h" className="mb-3 text-lg font-semibold text-white">
        {t('dashboard.seriesTeam.members', { count: members.length })}
      </h2>
      <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="series-member">
            <Avatar member={member} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-zinc-100">{member.username}</p>
              <p className="text-xs text-zinc-400">
                {t(ROLE_IDS[member.role])} · {t('dashboard.seriesTeam.addedAt', { date: format.date(member.addedAt) })}
              </p>
            </div>
            {member.role === 'creator' ? (
              <span className="text-sm text-zinc-400">{t('dashboard.seriesTeam.creatorPublishes')}</span>
            ) : (
              <label className="flex items-center gap-2 text-sm text-zinc-200">
                <input
                  type="checkbox"
                  role="switch"
                  checked={member.canPublish}
                  disabled={setPublishing.isPending}
                  aria-label={t('dashboard.seriesTeam.publishSwitch', { username: member.username })}
                  onChange={(event) =>
                    setPublishing.mutate(
                      { userId: member.userId, canPublish: event.target.checked },
                      {
                        onSuccess: (_members, { canPublish }) =>
                          toast({
                            type: 'success',
                            message: t(canPublish ? 'dashboard.seriesTeam.mayPublishNow' : 'dashboard.seriesTeam.mayNotPublish', {
                              username: member.username,
                            }),
                            duration: 3000,
                          }),
                        onError: fail,
                      },
                    )
                  }
                  className="size-4 accent-violet-500"
                />
                {t('dashboard.seriesTeam.mayPublish')}
              </label>
            )}
            {canRemove && (
              <ConfirmButton
                label={t('dashboard.seriesTeam.remove')}
                confirmLabel={t('dashboard.seriesTeam.removeConfirm', { username: member.username })}
                isBusy={remove.isPending}
                onConfirm={() =>
                  remove.mutate(member.userId, {
                    onSuccess: () =>
                      toast({
                        type: 'success',
                        message: t('dashboard.seriesTeam.removed', { username: member.username }),
                        duration: 3000,
                      }),
                    onError: fail,
                  })
                }
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Avatar({ member }: { member: SeriesMember }) {
  return member.avatarUrl ? (
    <img src={member.avatarUrl} alt="" width={36} height={36} className="size-9 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden
      className="flex size-9 items-center justify-center rounded-full bg-ink-700 text-sm font-semibold uppercase text-zinc-200"
    >
      {member.username.slice(0, 1)}
    </span>
  );
}
