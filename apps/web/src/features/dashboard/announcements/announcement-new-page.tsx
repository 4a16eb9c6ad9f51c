import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CoverPicker, usePendingCover } from '../components/image-upload';
import { RecordHeader } from '../components/record-header';
import { AnnouncementForm } from './announcement-form';
import { useCreateAnnouncement, useUploadAnnouncementCover } from './api';
import '../messages';

/** /Dashboard/Announcements/AddAnnouncements: a new announcement, with its cover. */
export default function AnnouncementNewPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.announcements.new'));
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateAnnouncement();
  const uploadCover = useUploadAnnouncementCover();
  const cover = usePendingCover('announcement');

  return (
    <div className="max-w-3xl space-y-6">
      <RecordHeader
        backTo="/Dashboard/Announcements"
        backLabel={t('dashboard.announcements.all')}
        title={t('dashboard.announcements.new')}
      />
      <AnnouncementForm
        submitLabel={t('dashboard.announcements.create')}
        extra={<CoverPicker hint={t('dashboard.announcements.coverHint')} onChange={cover.setCover} />}
        onSubmit={async (input) => {
          const created = await create.mutateAsync(input);
          await cover.send((file) => uploadCover.mutateAsync({ id: created.id, file }));
          toast({ type: 'success', message: t('dashboard.announcements.created'), duration: 3000 });
          void navigate(`/Dashboard/Announcements/EditAnnouncements/${created.id}`);
        }}
      />
    </div>
  );
}
