import { useEffect, useState } from 'react';

/** True once every image has loaded (or failed) and the page's fonts are ready. */
export function useAssetsReady(imageUrls: readonly string[]): boolean {
  const [isReady, setIsReady] = useState(false);
  const key = imageUrls.join('|');
  useEffect(() => {
    let isCancelled = false;
    const images = key.split('|').map(
      (src) =>
        new Promise<void>((resolve) => {
          const image = new Image();
          image.onload = () => resolve();
          image.onerror = () => resolve();
          image.src = src;
        }),
    );
    const fonts =
      typeof document !== 'undefined' && document.fonts ? document.fonts.ready.then(() => undefined) : Promise.resolve();
    void Promise.all([...images, fonts]).then(() => {
      if (!isCancelled) setIsReady(true);
    });
    return () => {
      isCancelled = true;
    };
  }, [key]);
  return isReady;
}
