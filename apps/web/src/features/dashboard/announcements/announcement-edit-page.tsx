import { Navigate, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-context';
import { ConfirmButton } from '../components/fields';
import { ImageUpload } from '../components/image-upload';
import { RecordHeader } from '../components/record-header';
import { AnnouncementForm } from './announcement-form';
import { useDeleteAnnouncement, useTeamAnnouncement, useUpdateAnnouncement, useUploadAnnouncementCover } from './api';
import { AnnouncementStateBadge } from './state-badge';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../messages';

/** /Dashboard/Announcements/EditAnnouncements/{id}: the text, status, pin and cover of one announcement. */
export default function AnnouncementEditPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.announcements.edit.documentTitle'));
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const announcement = useTeamAnnouncement(id);
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();
  const uploadCover = useUploadAnnouncementCover();

  if (announcement.isError) {
    const error = announcement.error;
    if (error instanceof ApiError && (error.code === 'announcement_not_found' || error.code === 'validation_failed'))
      return <Navigate to="/errorPage?error=announcement_not_found" replace />;
    return <FormAlert tone="error">{t('dashboard.announcements.edit.loadError')}</FormAlert>;
  }
  if (announcement.isPending) return <p className="text-zinc-400">{t('dashboard.announcements.edit.loading')}</p>;
  const data = announcement.data;

  return (
    <div className="max-w-3xl space-y-6">
      <RecordHeader
        backTo="/Dashboard/Announcements"
        backLabel={t('dashboard.announcements.all')}
        title={
          <>
            {data.title}{' '}
            <span className="ml-1 inline-block align-middle">
              <AnnouncementStateBadge state={data.state} />
            </span>
          </>
        }
        siteLink={data.state === 'published' ? `/announcements/${data.slug}` : null}
        actions={
          <ConfirmButton
            label={t('dashboard.announcements.edit.delete')}
            isBusy={remove.isPending}
            onConfirm={() =>
              remove.mutate(data.id, {
                onSuccess: () => {
                  toast({ type: 'success', message: t('dashboard.announcements.edit.deleted'), duration: 3000 });
                  void navigate('/Dashboard/Announcements');
                },
                onError: (error) =>
                  toast({
                    type: 'error',
                    message: error.message || t('dashboard.announcements.edit.deleteFailed'),
                    duration: 5000,
                  }),
              })
            }
          />
        }
      />

      <section aria-label={t('dashboard.upload.cover')} className="space-y-2">
        {data.cover ? (
          <img
            src={data.cover.url}
            width={data.cover.width}
            height={data.cover.height}
            alt={t('dashboard.announcements.edit.currentCover')}
            className="h-auto max-h-64 w-auto rounded-xl border border-ink-800"
          />
        ) : (
          <p className="text-sm text-zinc-400">{t('dashboard.announcements.edit.noCover')}</p>
        )}
        <div className="max-w-xs">
          <ImageUpload
            label={t(data.cover ? 'dashboard.series.cover.replace' : 'dashboard.series.cover.upload')}
            inputLabel={t('dashboard.series.cover.input')}
            progressLabel={t('dashboard.series.cover.uploading')}
            fallbackError={t('dashboard.series.cover.failed')}
            upload={async (file, onProgress) => {
              await uploadCover.mutateAsync({ id: data.id, file, onProgress });
              toast({ type: 'success', message: t('dashboard.series.cover.saved'), duration: 3000 });
            }}
          />
        </div>
      </section>

      <AnnouncementForm
        key={data.id}
        initial={data}
        submitLabel={t('dashboard.announcements.edit.save')}
        onSubmit={async (input) => {
          await update.mutateAsync({ id: data.id, body: input });
          toast({ type: 'success', message: t('dashboard.announcements.edit.saved'), duration: 3000 });
        }}
      />
    </div>
  );
}
