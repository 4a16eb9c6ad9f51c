import type { Image } from '@inkwell/contract';
import { ImageOff } from 'lucide-react';
import { useT } from '../lib/i18n/i18n-context';

/**
 * A cover drawn at its own aspect ratio with width and height set, so nothing moves as it
 * loads. Without a cover, a quiet placeholder of the same shape.
 */
export function CoverImage({
  cover,
  title,
  className = '',
  eager = false,
}: {
  cover: Image | null;
  title: string;
  className?: string;
  eager?: boolean;
}) {
  const t = useT();
  if (!cover) {
    return (
      <div
        className={`flex aspect-[2/3] items-center justify-center bg-ink-800 text-zinc-500 ${className}`}
        role="img"
        aria-label={t('common.components.cover.none', { title })}
      >
        <ImageOff className="size-8" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={cover.url}
      width={cover.width}
      height={cover.height}
      alt={t('common.components.cover.alt', { title })}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={`aspect-[2/3] w-full bg-ink-800 object-cover ${className}`}
    />
  );
}
