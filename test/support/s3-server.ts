/**
 * A real server of the S3 protocol on loopback (s3rver, keeping its objects in a temporary folder) with one bucket,
 * for the tests of the S3 photo store and of the app configured with PHOTO_STORE=s3.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const BUCKET = 'photos';
/** s3rver's built-in account (its key id and secret are the same). */
export const S3_KEY = 'S3RVER';

export interface S3Server {
  url: string;
  /** Where s3rver keeps its buckets and objects. */
  directory: string;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'dfm-s3rver-'));
  // silent: s3rver logs every request on stdout otherwise.
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    directory,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The app's settings for a bucket on `server`. */
export const s3Env = (server: S3Server): Record<string, string> => ({
  PHOTO_STORE: 's3',
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: server.url,
  S3_ACCESS_KEY_ID: S3_KEY,
  S3_SECRET_ACCESS_KEY: S3_KEY,
});
