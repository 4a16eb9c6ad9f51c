import type { ChapterContent } from '@inkwell/contract';
import { Eye } from 'lucide-react';
import { useT } from '../../../lib/i18n/i18n-context';
import { PageImage } from '../comic-reader';
import '../messages';
import { NovelReader } from '../novel-reader';
import type { ComicSettings, NovelSettings } from '../reader-settings';

const noop = () => {};

/**
 * The paywall preview a locked chapter's answer carries (DESIGN §5): a comic's first pages as a
 * strip, or the first part of a novel's text, each fading out where the lock panel takes over.
 */
export function ChapterPreview({
  data,
  comicSettings,
  novelSettings,
}: {
  data: ChapterContent;
  comicSettings: ComicSettings;
  novelSettings: NovelSettings;
}) {
  const t = useT();
  if (!data.isPreview) return null;
  const isComic = data.series.type === 'comic';
  const label = isComic
    ? t('reader.preview.pages', { shown: data.pages.length, total: data.pageCount })
    : t('reader.preview.text');

  return (
    <section aria-label={t('reader.preview.label')} data-testid="chapter-preview">
      <p className="flex items-center justify-center gap-2 py-3 text-sm font-medium text-amber-200" data-testid="preview-label">
        <Eye className="size-4" aria-hidden />
        {label}
      </p>
      {isComic ? (
        <div className="flex flex-col items-center" style={{ gap: `${comicSettings.gap}px` }}>
          {data.pages.map((page, index) => (
            <div key={page.id} className={`w-full ${index === data.pages.length - 1 ? 'mask-b-from-55% mask-b-to-100%' : ''}`}>
              {/* A preview is always a strip: paged mode would turn past its end into the next chapter. */}
              <PageImage
                page={page}
                index={index}
                total={data.pageCount}
                fit={comicSettings.fit === 'height' ? 'width' : comicSettings.fit}
                quality={comicSettings.quality}
              />
            </div>
          ))}
        </div>
      ) : (
        <NovelReader html={data.content ?? ''} settings={novelSettings} onNearEnd={noop} isPreview />
      )}
    </section>
  );
}
