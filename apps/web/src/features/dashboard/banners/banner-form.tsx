// i18n: not yet in the catalogues (issue 35)
import { bannerInputSchema, type EndpointBody, type TeamBanner } from '@inkwell/contract';
import { fieldErrors, TextField } from '../../../components/form';
import { EditForm, useEditForm } from '../components/edit-form';
import { CheckboxField, DateTimeField, fromLocalInput, toLocalInput } from '../components/fields';
import { useCreateBanner } from './api/create-banner';
import { useUpdateBanner } from './api/update-banner';

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

/** A new banner, or one banner's text, link, order and showing times (its image is uploaded beside it). */
export function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner?: TeamBanner;
  onSaved(banner: TeamBanner): void;
  onCancel?(): void;
}) {
  const form = useEditForm(() => valuesFrom(banner));
  const { values, field, check } = form;
  const createBanner = useCreateBanner();
  const updateBanner = useUpdateBanner();

  const submit = async () => {
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
    await form.save(parsed.success ? {} : fieldErrors(parsed.error.issues), async () => {
      onSaved(banner ? await updateBanner.mutateAsync({ id: banner.id, body: input }) : await createBanner.mutateAsync(input));
      if (!banner) form.reset(valuesFrom());
    });
  };

  return (
    <EditForm
      label={banner ? `Edit ${banner.title}` : 'New banner'}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={banner ? 'Save banner' : 'Create banner'}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Title" {...field('title')} hint="Also the image's alternative text." />
        <TextField label="Subtitle" {...field('subtitle')} hint="A line under the title. Optional." />
        <div className="sm:col-span-2">
          <CheckboxField label="Write the title and subtitle over the image" {...check('showText')} />
          <p className="mt-1 text-xs text-zinc-400">
            Live text stays sharp and legible on a phone. Turn it off for artwork that carries its own lettering.
          </p>
        </div>
        <TextField label="Link" {...field('link')} placeholder="/SeriesView/the-lantern-keeper" />
        <TextField label="Order" inputMode="numeric" {...field('position')} hint="Lower comes first." />
        <CheckboxField label="Active" {...check('isActive')} className="pt-7" />
        <DateTimeField label="Shown from" {...field('startsAt')} hint="Empty: at once." />
        <DateTimeField label="Shown until" {...field('endsAt')} hint="Empty: no end." />
      </div>
    </EditForm>
  );
}
