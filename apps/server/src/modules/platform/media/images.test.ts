import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithExif, pixelBombPng, png } from '../../../../test/fixtures';
import { AppError } from '../../../lib/app-error';
import { processImage, sniffImageType } from './images';

describe('images', () => {
  it('knows an image by its bytes, not its name', async () => {
    expect(sniffImageType(await png(2, 2))).toBe('png');
    expect(sniffImageType(await jpegWithExif())).toBe('jpeg');
    expect(
      sniffImageType(
        await sharp(await png(2, 2))
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(
      sniffImageType(
        await sharp(await png(2, 2))
          .gif()
          .toBuffer(),
      ),
    ).toBe('gif');
    expect(
      sniffImageType(
        await sharp(await png(8, 8))
          .avif({ effort: 0 })
          .toBuffer(),
      ),
    ).toBe('avif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
  });

  it('re-encodes to WebP, scales down, and strips metadata', async () => {
    const [image] = await processImage(await jpegWithExif(2000, 1000), { maxWidth: 600 });
    expect(image).toMatchObject({ width: 600, height: 300 });
    const meta = await sharp(image!.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(image!.data.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('slices a very tall strip into pieces a browser decodes comfortably', async () => {
    const slices = await processImage(await png(400, 9000), { maxWidth: 800, sliceAbove: 6000, sliceHeight: 3000 });
    expect(slices.map((s) => [s.width, s.height])).toEqual([
      [400, 3000],
      [400, 3000],
      [400, 3000],
    ]);
  });

  it('refuses a pixel bomb from its header, before decoding', async () => {
    const error = await processImage(pixelBombPng(), { maxWidth: 800 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('payload_too_large');
    expect((error as AppError).reason).toBe('apiErrors.platform.tooManyPixels');
  });

  it('refuses a file that only pretends to be an image', async () => {
    const error = await processImage(Buffer.from('GIF89a but actually a shell script #!/bin/sh'), { maxWidth: 800 }).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).code).toBe('validation_failed');
  });
});
