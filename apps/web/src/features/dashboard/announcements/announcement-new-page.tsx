// i18n: not yet in the catalogues (issue 35)
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CoverPicker, usePendingCover } from '../components/image-upload';
import { RecordHeader } from '../components/record-header';
import { AnnouncementForm } from './announcement-form';
import { useCreateAnnouncement, useUploadAnnouncementCover } from './api';

/** /Dashboard/Announcements/AddAnnouncements: a new announcement, with its cover. */
export default function AnnouncementNewPage() {
  useDocumentTitle('New announcement');
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateAnnouncement();
  const uploadCover = useUploadAnnouncementCover();
  const cover = usePendingCover('announcement');

  return (
    <div className="max-w-3xl space-y-6">
      <RecordHeader backTo="/Dashboard/Announcements" backLabel="All announcements" title="New announcement" />
      <AnnouncementForm
        submitLabel="Create announcement"
        extra={
          <CoverPicker
            hint="Optional. JPEG, PNG, WebP, AVIF or GIF, up to 20 MB; wide images suit it best."
            onChange={cover.setCover}
          />
        }
        onSubmit={async (input) => {
          const created = await create.mutateAsync(input);
          await cover.send((file) => uploadCover.mutateAsync({ id: created.id, file }));
          toast({ type: 'success', message: 'Announcement created', duration: 3000 });
          void navigate(`/Dashboard/Announcements/EditAnnouncements/${created.id}`);
        }}
      />
    </div>
  );
}
