import type { Banner } from '@inkwell/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

const ROTATE_MS = 7000;
/**
 * How wide the banner is drawn: the page's column (at most 72rem, less the layout's and the home
 * page's 1rem padding each side), the screen less that padding below it.
 */
const BANNER_SIZES = '(min-width: 72rem) 68rem, calc(100vw - 4rem)';

/** The home page's banners: one at a time, turning every few seconds unless the reader is on it. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || isPaused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, isPaused]);

  if (count === 0) return null;
  const banner = banners[index % count]!;
  // Live text over the art: legible on a phone, where text drawn into a 16:5 image shrinks to nothing.
  const image = (
    <div className="relative">
      <img
        src={banner.image.url}
        // A phone downloads a narrower copy (issue 40); the banner spans the page's column.
        srcSet={banner.image.srcSet}
        sizes={banner.image.srcSet ? BANNER_SIZES : undefined}
        width={banner.image.width}
        height={banner.image.height}
        alt={banner.showText ? '' : banner.title}
        // The first banner is the home page's largest paint: asked for at once, never lazily.
        fetchPriority="high"
        className="aspect-[2/1] w-full object-cover sm:aspect-[16/5]"
      />
      {banner.showText && (
        <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/75 via-black/25 to-transparent px-12 pb-9 pt-10 sm:justify-center sm:bg-gradient-to-r sm:from-black/70 sm:via-black/30 sm:px-16 sm:pb-10">
          <p className="max-w-xl text-2xl font-extrabold leading-tight tracking-tight text-white drop-shadow sm:text-4xl lg:text-5xl">
            {banner.title}
          </p>
          {banner.subtitle && <p className="mt-2 max-w-xl text-sm text-zinc-100 drop-shadow sm:text-lg">{banner.subtitle}</p>}
        </div>
      )}
    </div>
  );
  const isInternal = banner.link.startsWith('/');
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('catalogue.banner.label')}
      className="relative overflow-hidden rounded-2xl border border-ink-800 bg-ink-900"
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
    >
      {banner.link === '' ? (
        image
      ) : isInternal ? (
        <Link to={banner.link}>{image}</Link>
      ) : (
        <a href={banner.link} rel="noopener noreferrer">
          {image}
        </a>
      )}
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label={t('catalogue.banner.previous')}
            onClick={() => setIndex((i) => (i - 1 + count) % count)}
            className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70"
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            aria-label={t('catalogue.banner.next')}
            onClick={() => setIndex((i) => (i + 1) % count)}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70"
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
          <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={t('catalogue.banner.show', { number: i + 1, title: b.title })}
                aria-current={i === index % count}
                onClick={() => setIndex(i)}
                className={`h-2 rounded-full transition-all ${i === index % count ? 'w-6 bg-white' : 'w-2 bg-white/50'}`}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
