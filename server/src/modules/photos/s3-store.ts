/**
 * Photos as objects of one S3 bucket, with the official client: AWS itself, or any server of the S3 protocol
 * (MinIO, R2, …) at `endpoint`. Each object is sent with its type and a year-long immutable Cache-Control, which a
 * content-addressed key allows: a CDN in front of the bucket may keep it for good.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkPhotoKey, type PhotoStore, type StoredObject } from './store';

export interface S3StoreOptions {
  /** An S3-compatible server (http or https); unset: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * How long one attempt may wait to connect, for the answer's headers, or on a silent body, in milliseconds.
   * The client's default is no limit at all: a bucket that stops answering would hold an upload forever.
   */
  timeoutMs?: number;
}

const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The client's name for a key that is not there: NoSuchKey from GET, NotFound (a bare 404) from HEAD. */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export class S3PhotoStore implements PhotoStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StoreOptions) {
    const timeoutMs = options.timeoutMs ?? 30_000;
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Other servers mostly serve buckets as paths (host/bucket/key), not as subdomains.
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      // The SDK builds its Node handler from these; without throwOnRequestTimeout it would only log a warning.
      requestHandler: {
        connectionTimeout: Math.min(timeoutMs, 5_000),
        requestTimeout: timeoutMs,
        throwOnRequestTimeout: true,
        socketTimeout: timeoutMs,
      },
      // One retry: a second failure goes to the caller, who decides, rather than keeping an upload waiting.
      maxAttempts: 2,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    if (await this.has(key)) return;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    checkPhotoKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // In Node the body is the response itself, a Readable; anything else means another runtime's client.
      if (!(object.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
      return {
        body: object.Body,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkPhotoKey(key);
    // S3 answers 204 whether or not the key was there.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async has(key: string): Promise<boolean> {
    checkPhotoKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
