// i18n: not yet in the catalogues (issue 35)
import type { TeamBanner } from '@inkwell/contract';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { formatDate } from '../../../lib/time';
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

function BannerImage({ banner }: { banner: TeamBanner }) {
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
          No image: not shown yet
        </div>
      )}
      <ImageUpload
        label={banner.image ? 'Replace image' : 'Upload image'}
        inputLabel={`Image for ${banner.title}`}
        progressLabel="Uploading image"
        fallbackError="The image could not be saved"
        upload={async (file, onProgress) => {
          await uploadImage.mutateAsync({ id: banner.id, file, onProgress });
        }}
      />
    </div>
  );
}

/** /Dashboard/Series/Banners: the home page's banners, their order and when they show. */
export default function BannersPage() {
  useDocumentTitle('Banners');
  const toast = useToast();
  const banners = useTeamBanners();
  const deleteBanner = useDeleteBanner();
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <LeaveGuard>
      <div className="space-y-8">
        <PageHeader title="Banners" />
        <FormPanel title="New banner">
          <BannerForm
            onSaved={(banner) => {
              toast({ type: 'success', message: `${banner.title} created. Upload its image to show it.`, duration: 5000 });
            }}
          />
        </FormPanel>
        <QueryState
          query={banners}
          loading="Loading banners…"
          error="We could not load the banners."
          isEmpty={(data) => data.length === 0}
          empty="No banners yet."
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
                                toast({ type: 'error', message: error.message || 'Delete failed', duration: 5000 }),
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
  return (
    <>
      <p className="font-semibold text-zinc-100">
        {banner.title}{' '}
        {!banner.isActive && (
          <span className="ml-1 rounded bg-zinc-700 px-1.5 py-0.5 text-[10px] font-bold uppercase">Inactive</span>
        )}
      </p>
      <p className="mt-1 text-sm text-zinc-400">Link: {banner.link || 'none'}</p>
      <p className="text-sm text-zinc-400">
        Order {banner.position}
        {banner.startsAt && ` · from ${formatDate(banner.startsAt)}`}
        {banner.endsAt && ` · until ${formatDate(banner.endsAt)}`}
      </p>
      <div className="mt-3 flex gap-1">
        <button type="button" onClick={onEdit} className={rowButton} aria-label={`Edit ${banner.title}`}>
          Edit
        </button>
        <ConfirmButton label="Delete" onConfirm={onDelete} />
      </div>
    </>
  );
}
