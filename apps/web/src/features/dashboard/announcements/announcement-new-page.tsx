import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { IMAGE_ACCEPT } from '../components/image-upload';
import { AnnouncementForm } from './announcement-form';
import { useCreateAnnouncement, useUploadAnnouncementCover } from './api';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /Dashboard/Announcements/AddAnnouncements: a new announcement, with its cover. */
export default function AnnouncementNewPage() {
  useDocumentTitle('New announcement');
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateAnnouncement();
  const uploadCover = useUploadAnnouncementCover();
  const [cover, setCover] = useState<File | null>(null);
  const coverId = useId();

  return (
    <div className="max-w-3xl">
      <Link to="/Dashboard/Announcements" className="text-sm text-zinc-400 hover:text-white">
        ← All announcements
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-bold text-white">New announcement</h1>
      <AnnouncementForm
        submitLabel="Create announcement"
        extra={
          <div>
            <label htmlFor={coverId} className="mb-1.5 block text-sm font-medium text-zinc-200">
              Cover
            </label>
            <input
              id={coverId}
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={(event) => setCover(event.target.files?.[0] ?? null)}
              className="block text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-800 file:px-3 file:py-2 file:text-zinc-100"
            />
            <p className="mt-1.5 text-xs text-zinc-400">
              Optional. JPEG, PNG, WebP, AVIF or GIF, up to 20 MB; wide images suit it best.
            </p>
          </div>
        }
        onSubmit={async (input) => {
          const created = await create.mutateAsync(input);
          if (cover) {
            try {
              await uploadCover.mutateAsync({ id: created.id, file: cover });
            } catch (error) {
              toast({
                type: 'error',
                message: `The announcement was created, but the cover was refused: ${error instanceof Error ? error.message : 'unknown error'}`,
                duration: 7000,
              });
            }
          }
          toast({ type: 'success', message: 'Announcement created', duration: 3000 });
          void navigate(`/Dashboard/Announcements/EditAnnouncements/${created.id}`);
        }}
      />
    </div>
  );
}
