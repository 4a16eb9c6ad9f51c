import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { IMAGE_ACCEPT } from '../components/image-upload';
import { useCreateSeries } from './api/create-series';
import { useUploadSeriesCover } from './api/upload-series-cover';
import { SeriesForm } from './series-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /Dashboard/Series/Series/AddNew: a new series, with its cover, then on to its chapters. */
export default function SeriesNewPage() {
  useDocumentTitle('New series');
  const navigate = useNavigate();
  const toast = useToast();
  const createSeries = useCreateSeries();
  const uploadCover = useUploadSeriesCover();
  const [cover, setCover] = useState<File | null>(null);
  const coverId = useId();

  return (
    <div className="max-w-3xl">
      <Link to="/Dashboard/Series/Series" className="text-sm text-zinc-400 hover:text-white">
        ← All series
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-white">New series</h1>
      <p className="mb-6 mt-1 text-sm text-zinc-400">Chapters are added once the series exists.</p>
      <SeriesForm
        submitLabel="Create series"
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
            <p className="mt-1.5 text-xs text-zinc-400">JPEG, PNG, WebP, AVIF or GIF, up to 20 MB. Shown at 2:3.</p>
          </div>
        }
        onSubmit={async (input) => {
          const created = await createSeries.mutateAsync(input);
          if (cover) {
            try {
              await uploadCover.mutateAsync({ seriesId: created.id, file: cover });
            } catch (error) {
              toast({
                type: 'error',
                message: `The series was created, but the cover was refused: ${error instanceof Error ? error.message : 'unknown error'}`,
                duration: 7000,
              });
            }
          }
          toast({ type: 'success', message: 'Series created', duration: 3000 });
          void navigate(`/Dashboard/Series/Series/EditSerie/${created.id}`);
        }}
      />
    </div>
  );
}
