import { bannerInputSchema, type EndpointBody, type TeamBanner } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { fieldErrors, FormAlert, TextField } from '../../../components/form';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { formatDate } from '../../../lib/time';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { CheckboxField, ConfirmButton, fromLocalInput, toLocalInput } from '../components/fields';
import { ImageUpload } from '../components/image-upload';
import { useCreateBanner } from './api/create-banner';
import { useDeleteBanner } from './api/delete-banner';
import { useTeamBanners } from './api/list-team-banners';
import { useUpdateBanner } from './api/update-banner';
import { useUploadBannerImage } from './api/upload-banner-image';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface Values {
  title: string;
  subtitle: string;
  showText: boolean;
  link: string;
  position: string;
  isActive: boolean;
  startsAt: string;
  endsAt: string;
}
const valuesFrom = (banner?: TeamBanner): Values => ({
  title: banner?.title ?? '',
  subtitle: banner?.subtitle ?? '',
  showText: banner?.showText ?? true,
  link: banner?.link ?? '',
  position: String(banner?.position ?? 0),
  isActive: banner?.isActive ?? true,
  startsAt: toLocalInput(banner?.startsAt ?? null),
  endsAt: toLocalInput(banner?.endsAt ?? null),
});

function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner?: TeamBanner;
  onSaved(banner: TeamBanner): void;
  onCancel?(): void;
}) {
  const [values, setValues] = useState(() => valuesFrom(banner));
  const { errors, formError, isBusy, submit: send } = useFormSubmit();
  const createBanner = useCreateBanner();
  const updateBanner = useUpdateBanner();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: EndpointBody<'teamBannerCreate'> = {
      title: values.title,
      subtitle: values.subtitle,
      showText: values.showText,
      link: values.link,
      position: Number(values.position),
      isActive: values.isActive,
      startsAt: fromLocalInput(values.startsAt),
      endsAt: fromLocalInput(values.endsAt),
    };
    const parsed = bannerInputSchema.safeParse(input);
    await send(parsed.success ? {} : fieldErrors(parsed.error.issues), async () => {
      onSaved(banner ? await updateBanner.mutateAsync({ id: banner.id, body: input }) : await createBanner.mutateAsync(input));
      if (!banner) setValues(valuesFrom());
    });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-label={banner ? `Edit ${banner.title}` : 'New banner'}
    >
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
          hint="Also the image's alternative text."
        />
        <TextField
          label="Subtitle"
          value={values.subtitle}
          onChange={(e) => set('subtitle', e.target.value)}
          error={errors.subtitle}
          hint="A line under the title. Optional."
        />
        <div className="sm:col-span-2">
          <CheckboxField
            label="Write the title and subtitle over the image"
            checked={values.showText}
            onChange={(v) => set('showText', v)}
          />
          <p className="mt-1 text-xs text-zinc-400">
            Live text stays sharp and legible on a phone. Turn it off for artwork that carries its own lettering.
          </p>
        </div>
        <TextField
          label="Link"
          value={values.link}
          onChange={(e) => set('link', e.target.value)}
          error={errors.link}
          placeholder="/SeriesView/the-lantern-keeper"
        />
        <TextField
          label="Order"
          inputMode="numeric"
          value={values.position}
          onChange={(e) => set('position', e.target.value)}
          error={errors.position}
          hint="Lower comes first."
        />
        <div className="pt-7">
          <CheckboxField label="Active" checked={values.isActive} onChange={(v) => set('isActive', v)} />
        </div>
        <TextField
          label="Shown from"
          type="datetime-local"
          value={values.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
          error={errors.startsAt}
          hint="Empty: at once."
        />
        <TextField
          label="Shown until"
          type="datetime-local"
          value={values.endsAt}
          onChange={(e) => set('endsAt', e.target.value)}
          error={errors.endsAt}
          hint="Empty: no end."
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" disabled={isBusy} className={primaryButton}>
          {banner ? 'Save banner' : 'Create banner'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButton}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

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
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-white">Banners</h1>
      <section className="rounded-xl border border-ink-800 bg-ink-900 p-4">
        <h2 className="mb-4 font-semibold text-white">New banner</h2>
        <BannerForm
          onSaved={(banner) => {
            toast({ type: 'success', message: `${banner.title} created. Upload its image to show it.`, duration: 5000 });
          }}
        />
      </section>
      {banners.isPending ? (
        <p className="text-zinc-400">Loading banners…</p>
      ) : banners.isError ? (
        <LoadError message="We could not load the banners." onRetry={() => void banners.refetch()} />
      ) : banners.data.length === 0 ? (
        <p className="text-zinc-400">No banners yet.</p>
      ) : (
        <ul className="space-y-4">
          {banners.data.map((banner) => (
            <li key={banner.id} className="rounded-xl border border-ink-800 bg-ink-900 p-4">
              <div className="flex flex-col gap-4 sm:flex-row">
                <BannerImage banner={banner} />
                <div className="min-w-0 flex-1">
                  {editing === banner.id ? (
                    <BannerForm banner={banner} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
                  ) : (
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
                        <button
                          type="button"
                          onClick={() => setEditing(banner.id)}
                          className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800"
                        >
                          Edit
                        </button>
                        <ConfirmButton
                          label="Delete"
                          onConfirm={() =>
                            deleteBanner.mutate(banner.id, {
                              onError: (error) =>
                                toast({ type: 'error', message: error.message || 'Delete failed', duration: 5000 }),
                            })
                          }
                        />
                      </div>
                    </>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
