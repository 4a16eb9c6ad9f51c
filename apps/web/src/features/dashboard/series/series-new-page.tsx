// i18n: not yet in the catalogues (issue 35)
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CoverPicker, usePendingCover } from '../components/image-upload';
import { RecordHeader } from '../components/record-header';
import { useCreateSeries } from './api/create-series';
import { useUploadSeriesCover } from './api/upload-series-cover';
import { SeriesForm } from './series-form';

/** /Dashboard/Series/Series/AddNew: a new series, with its cover, then on to its chapters. */
export default function SeriesNewPage() {
  useDocumentTitle('New series');
  const navigate = useNavigate();
  const toast = useToast();
  const createSeries = useCreateSeries();
  const uploadCover = useUploadSeriesCover();
  const cover = usePendingCover('series');

  return (
    <div className="max-w-3xl space-y-6">
      <RecordHeader
        backTo="/Dashboard/Series/Series"
        backLabel="All series"
        title="New series"
        description="Chapters are added once the series exists."
      />
      <SeriesForm
        submitLabel="Create series"
        extra={<CoverPicker hint="JPEG, PNG, WebP, AVIF or GIF, up to 20 MB. Shown at 2:3." onChange={cover.setCover} />}
        onSubmit={async (input) => {
          const created = await createSeries.mutateAsync(input);
          await cover.send((file) => uploadCover.mutateAsync({ seriesId: created.id, file }));
          toast({ type: 'success', message: 'Series created', duration: 3000 });
          void navigate(`/Dashboard/Series/Series/EditSerie/${created.id}`);
        }}
      />
    </div>
  );
}
