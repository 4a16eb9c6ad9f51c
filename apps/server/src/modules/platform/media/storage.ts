import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** Where media bytes live. Keys are relative paths like `covers/<id>.webp`. */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Removes every key under a prefix (a chapter's pages, say). */
  deletePrefix(prefix: string): Promise<void>;
}

/** Keys come from our own code, but a request path reaches `get`: refuse anything that is not a plain relative path. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._/-]*$/i.test(key) && !key.split('/').some((part) => part === '' || part === '.' || part === '..');
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
};
function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** The default: files under DATA_DIR/media, written atomically. */
export function createDiskStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Unsafe media key: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, body);
      await rename(temp, path);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(path),
          size: info.size,
          contentType: contentTypeOf(key),
        };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(join(base, ...prefix.split('/').filter(Boolean)), {
        recursive: true,
        force: true,
      });
    },
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** MEDIA_DRIVER=s3: any S3-compatible store. The server still serves /media, so signed page URLs work the same. */
export function createS3Storage(options: S3Options): MediaStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
    return key;
  };
  return {
    async put(key, body, contentType) {
      checked(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        return {
          body: result.Body as Readable,
          size: result.ContentLength ?? 0,
          contentType: result.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async deletePrefix(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
