import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CoverPicker, usePendingCover } from '../components/image-upload';
import { RecordHeader } from '../components/record-header';
import { useCreateSeries } from './api/create-series';
import { useUploadSeriesCover } from './api/upload-series-cover';
import { SeriesForm } from './series-form';
import '../messages';

/** /Dashboard/Series/Series/AddNew: a new series, with its cover, then on to its chapters. */
export default function SeriesNewPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.series.form.new'));
  const navigate = useNavigate();
  const toast = useToast();
  const createSeries = useCreateSeries();
  const uploadCover = useUploadSeriesCover();
  const cover = usePendingCover('series');

  return (
    <div className="max-w-3xl space-y-6">
      <RecordHeader
        backTo="/Dashboard/Series/Series"
        backLabel={t('dashboard.series.allSeries')}
        title={t('dashboard.series.form.new')}
        description={t('dashboard.series.new.description')}
      />
      <SeriesForm
        submitLabel={t('dashboard.series.new.create')}
        extra={<CoverPicker hint={t('dashboard.series.new.coverHint')} onChange={cover.setCover} />}
        onSubmit={async (input) => {
          const created = await createSeries.mutateAsync(input);
          await cover.send((file) => uploadCover.mutateAsync({ seriesId: created.id, file }));
          toast({ type: 'success', message: t('dashboard.series.new.created'), duration: 3000 });
          void navigate(`/Dashboard/Series/Series/EditSerie/${created.id}`);
        }}
      />
    </div>
  );
}
