import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStore } from './store.ts';

/**
 * Where an S3-compatible bucket is, from one address (like DATABASE_URL):
 * `https://ACCESS_KEY:SECRET@endpoint/bucket[/prefix]?region=eu-west-1`. Without a key in the
 * address the SDK's usual sources are used (environment, instance role). Path-style addressing,
 * which every S3-compatible server takes.
 */
export function parseS3Url(address: string) {
  const u = new URL(address);
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new Error('MEDIA_S3_URL must be an http(s) address: https://key:secret@endpoint/bucket');
  const [bucket, ...rest] = u.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('MEDIA_S3_URL names no bucket: https://key:secret@endpoint/bucket');
  return {
    endpoint: `${u.protocol}//${u.host}`,
    bucket,
    prefix: rest.length ? `${rest.join('/')}/` : '',
    region: u.searchParams.get('region') ?? 'us-east-1',
    credentials: u.username
      ? { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) }
      : undefined,
  };
}

const DELETE_BATCH = 1000;
const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/** Media files in an S3-compatible bucket (created when it does not exist yet). */
export async function s3MediaStore(address: string): Promise<MediaStore> {
  const s3 = parseS3Url(address);
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  const Bucket = s3.bucket;
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
  } catch (err) {
    if (!missing(err)) throw err;
    await client.send(new CreateBucketCommand({ Bucket }));
  }
  const key = (name: string) => s3.prefix + name;
  return {
    where: `${s3.endpoint}/${Bucket}/${s3.prefix}`,
    put: async (name, bytes, type) => {
      await client.send(new PutObjectCommand({ Bucket, Key: key(name), Body: bytes, ContentType: type }));
    },
    get: async (name) => {
      try {
        const o = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
        const bytes = Buffer.from(await o.Body!.transformToByteArray());
        return { bytes, type: o.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    has: async (name) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(name) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    remove: async (names) => {
      for (let i = 0; i < names.length; i += DELETE_BATCH)
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: names.slice(i, i + DELETE_BATCH).map((n) => ({ Key: key(n) })), Quiet: true },
          }),
        );
    },
    list: async (after, limit) => {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: s3.prefix,
          StartAfter: after ? key(after) : undefined,
          MaxKeys: limit,
        }),
      );
      return (page.Contents ?? []).map((o) => o.Key!.slice(s3.prefix.length));
    },
  };
}
