import { bannerInputSchema, type EndpointBody, type TeamBanner } from '@inkwell/contract';
import { fieldErrors, TextField } from '../../../components/form';
import { EditForm, useEditForm } from '../components/edit-form';
import { CheckboxField, DateTimeField, fromLocalInput, toLocalInput } from '../components/fields';
import { useCreateBanner } from './api/create-banner';
import { useUpdateBanner } from './api/update-banner';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/** An example address (the same in every language). */
const LINK_EXAMPLE = '/SeriesView/the-lantern-keeper';

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
  const t = useT();
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
    await form.save(parsed.success ? {} : fieldErrors(parsed.error.issues, t), async () => {
      onSaved(banner ? await updateBanner.mutateAsync({ id: banner.id, body: input }) : await createBanner.mutateAsync(input));
      if (!banner) form.reset(valuesFrom());
    });
  };

  return (
    <EditForm
      label={banner ? t('dashboard.banners.editLabel', { title: banner.title }) : t('dashboard.banners.new')}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={banner ? t('dashboard.banners.save') : t('dashboard.banners.create')}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('dashboard.banners.form.title')} {...field('title')} hint={t('dashboard.banners.form.titleHint')} />
        <TextField
          label={t('dashboard.banners.form.subtitle')}
          {...field('subtitle')}
          hint={t('dashboard.banners.form.subtitleHint')}
        />
        <div className="sm:col-span-2">
          <CheckboxField label={t('dashboard.banners.form.showText')} {...check('showText')} />
          <p className="mt-1 text-xs text-zinc-400">{t('dashboard.banners.form.showTextHint')}</p>
        </div>
        <TextField label={t('dashboard.banners.form.link')} {...field('link')} placeholder={LINK_EXAMPLE} />
        <TextField
          label={t('dashboard.banners.form.order')}
          inputMode="numeric"
          {...field('position')}
          hint={t('dashboard.banners.form.orderHint')}
        />
        <CheckboxField label={t('dashboard.banners.form.active')} {...check('isActive')} className="pt-7" />
        <DateTimeField
          label={t('dashboard.banners.form.from')}
          {...field('startsAt')}
          hint={t('dashboard.banners.form.fromHint')}
        />
        <DateTimeField
          label={t('dashboard.banners.form.until')}
          {...field('endsAt')}
          hint={t('dashboard.banners.form.untilHint')}
        />
      </div>
    </EditForm>
  );
}
