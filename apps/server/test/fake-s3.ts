import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createS3Storage, type MediaStorage } from '../src/modules/platform/media/storage';

/**
 * A local S3-compatible server on loopback, and the app's S3 driver on it: the driver speaks real
 * S3 HTTP, so tests of either media driver run the same code as production.
 */
export async function startFakeS3(): Promise<{ storage: MediaStorage; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'inkwell-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'inkwell-media', configs: [] }],
  });
  const { port } = await server.run();
  const storage = createS3Storage({
    bucket: 'inkwell-media',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    storage,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
