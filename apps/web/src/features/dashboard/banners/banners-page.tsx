import type { TeamBanner } from '@inkwell/contract';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { rowButton } from '../components/data-table';
import { FormPanel } from '../components/edit-form';
import { ConfirmButton } from '../components/fields';
import { ImageUpload } from '../components/image-upload';
import { LeaveGuard } from '../components/leave-guard';
import { PageHeader, QueryState } from '../components/list-frame';
import { useDeleteBanner } from './api/delete-banner';
import { useTeamBanners } from './api/list-team-banners';
import { useUploadBannerImage } from './api/upload-banner-image';
import { BannerForm } from './banner-form';
import '../messages';

function BannerImage({ banner }: { banner: TeamBanner }) {
  const t = useT();
  const uploadImage = useUploadBannerImage();
  return (
    <div className="w-full space-y-2 sm:w-72">
      {banner.image ? (
        <img
          src={banner.image.url}
          width={banner.image.width}
          height={banner.image.height}
          alt={banner.title}
          loading="lazy"
          className="aspect-[16/5] w-full rounded-lg object-cover"
        />
      ) : (
        <div className="flex aspect-[16/5] w-full items-center justify-center rounded-lg border border-dashed border-amber-500/50 text-xs text-amber-300">
          {t('dashboard.banners.noImage')}
        </div>
      )}
      <ImageUpload
        label={banner.image ? t('dashboard.banners.replaceImage') : t('dashboard.banners.uploadImage')}
        inputLabel={t('dashboard.banners.imageFor', { title: banner.title })}
        progressLabel={t('dashboard.banners.uploading')}
        fallbackError={t('dashboard.banners.uploadFailed')}
        upload={async (file, onProgress) => {
          await uploadImage.mutateAsync({ id: banner.id, file, onProgress });
        }}
      />
    </div>
  );
}

/** /Dashboard/Series/Banners: the home page's banners, their order and when they show. */
export default function BannersPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.banners.title'));
  const toast = useToast();
  const banners = useTeamBanners();
  const deleteBanner = useDeleteBanner();
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <LeaveGuard>
      <div className="space-y-8">
        <PageHeader title={t('dashboard.banners.title')} />
        <FormPanel title={t('dashboard.banners.new')}>
          <BannerForm
            onSaved={(banner) => {
              toast({ type: 'success', message: t('dashboard.banners.created', { title: banner.title }), duration: 5000 });
            }}
          />
        </FormPanel>
        <QueryState
          query={banners}
          loading={t('dashboard.banners.loading')}
          error={t('dashboard.banners.loadFailed')}
          isEmpty={(data) => data.length === 0}
          empty={t('dashboard.banners.empty')}
        >
          {(items) => (
            <ul className="space-y-4">
              {items.map((banner) => (
                <li key={banner.id} className="rounded-xl border border-ink-800 bg-ink-900 p-4">
                  <div className="flex flex-col gap-4 sm:flex-row">
                    <BannerImage banner={banner} />
                    <div className="min-w-0 flex-1">
                      {editing === banner.id ? (
                        <BannerForm banner={banner} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
                      ) : (
                        <BannerSummary
                          banner={banner}
                          onEdit={() => setEditing(banner.id)}
                          onDelete={() =>
                            deleteBanner.mutate(banner.id, {
                              onError: (error) =>
                                toast({
                                  type: 'error',
                                  message: error.message || t('dashboard.banners.deleteFailed'),
                                  duration: 5000,
                                }),
                            })
                          }
                        />
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </LeaveGuard>
  );
}

function BannerSummary({ banner, onEdit, onDelete }: { banner: TeamBanner; onEdit(): void; onDelete(): void }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <p className="font-semibold text-zinc-100">
        {banner.title}{' '}
        {!banner.isActive && (
          <span className="ml-1 rounded bg-ink-700 px-1.5 py-0.5 text-[10px] font-bold uppercase text-zinc-200">
            {t('dashboard.banners.inactive')}
          </span>
        )}
      </p>
      <p className="mt-1 text-sm text-zinc-400">
        {banner.link ? t('dashboard.banners.link', { link: banner.link }) : t('dashboard.banners.noLink')}
      </p>
      <p className="text-sm text-zinc-400">
        {t('dashboard.banners.order', { position: banner.position })}
        {banner.startsAt && <> · {t('dashboard.banners.from', { date: format.date(banner.startsAt) })}</>}
        {banner.endsAt && <> · {t('dashboard.banners.until', { date: format.date(banner.endsAt) })}</>}
      </p>
      <div className="mt-3 flex gap-1">
        <button
          type="button"
          onClick={onEdit}
          className={rowButton}
          aria-label={t('dashboard.banners.editLabel', { title: banner.title })}
        >
          {t('dashboard.banners.edit')}
        </button>
        <ConfirmButton label={t('dashboard.banners.delete')} onConfirm={onDelete} />
      </div>
    </>
  );
}
