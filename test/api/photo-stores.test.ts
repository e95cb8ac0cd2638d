/**
 * The two photo stores (issue 27) held to one contract: the folder on disk, and an S3 bucket on a real server of the
 * S3 protocol (s3rver, on loopback, keeping its objects in a temporary folder) driven by the official client. Both
 * are built from the configuration, as the app builds them. Then what only one of them has to prove: the S3 store
 * gives up on a server that is down or silent, and the folder never holds half a photo under its key.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import {
  createPhotoStore,
  isPhotoKey,
  type PhotoStore,
  S3PhotoStore,
  type StoredObject,
} from '../../server/src/modules/photos';
import { BUCKET, S3_KEY, type S3Server, startS3Server } from '../support/s3-server';
import { freePort } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '../..');

/** Random bytes and their content-addressed key, so every test stores a photo of its own. */
function photo(size = 300_000): { key: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  return { key: `${createHash('sha256').update(bytes).digest('hex')}.webp`, bytes };
}

/** The bytes of an object read back; fails when there is none. */
async function bytesOf(object: StoredObject | null): Promise<Buffer> {
  if (!object) throw new Error('no object');
  return buffer(object.body);
}

/** Every file under a folder, as paths relative to it: what a store left on disk. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** A store under test and the folder it writes in, which nothing may escape. */
interface Subject {
  store: PhotoStore;
  root: string;
  close(): Promise<void>;
}

const SUBJECTS: Record<'local' | 's3', () => Promise<Subject>> = {
  local: async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dfm-photos-'));
    // DATA_DIR one level down, so that a key climbing out of uploads/ would still land where filesUnder looks.
    const store = createPhotoStore(loadConfig({ DATA_DIR: path.join(dir, 'data') }));
    return { store, root: dir, close: () => rm(dir, { recursive: true, force: true }) };
  },
  s3: async () => {
    const server = await startS3Server();
    const store = createPhotoStore(
      loadConfig({
        PHOTO_STORE: 's3',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: server.url,
        S3_ACCESS_KEY_ID: S3_KEY,
        S3_SECRET_ACCESS_KEY: S3_KEY,
      }),
    );
    return { store, root: server.directory, close: server.close };
  },
};

const BAD_KEYS = [
  '../x',
  'abc.webp',
  `${'A'.repeat(64)}.webp`,
  `${'a'.repeat(32)}\0${'a'.repeat(31)}.webp`,
  `../${'a'.repeat(64)}.webp`,
  `${'a'.repeat(64)}.webp\n`,
  `${'a'.repeat(64)}.png`,
  '',
];

describe.each(['local', 's3'] as const)('the %s photo store', (kind) => {
  let subject: Subject;
  let store: PhotoStore;
  beforeAll(async () => {
    subject = await SUBJECTS[kind]();
    store = subject.store;
  });
  afterAll(() => subject?.close());

  it('is the one the configuration names', () => {
    expect(store.kind).toBe(kind);
  });

  it('gives back the bytes it stored, with their size and type', async () => {
    const { key, bytes } = photo();
    await store.put(key, bytes, 'image/webp');
    const object = await store.get(key);
    expect(object).not.toBeNull();
    expect(object?.size).toBe(bytes.length);
    expect(object?.contentType).toBe('image/webp');
    expect((await bytesOf(object)).equals(bytes)).toBe(true);
  });

  it('takes the same key twice, one after the other or at once, and keeps one copy', async () => {
    const { key, bytes } = photo();
    const before = await filesUnder(subject.root);
    await store.put(key, bytes, 'image/webp');
    await store.put(key, bytes, 'image/webp');
    await Promise.all([store.put(key, bytes, 'image/webp'), store.put(key, bytes, 'image/webp')]);
    const object = await store.get(key);
    expect((await bytesOf(object)).equals(bytes)).toBe(true);
    // The object, and for s3rver its metadata beside it: no temporary file left behind.
    const added = (await filesUnder(subject.root)).filter((f) => !before.includes(f));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((f) => f.includes(key))).toBe(true);
    expect(added.some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('knows what it has, and forgets what it deleted', async () => {
    const { key, bytes } = photo(1_000);
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes, 'image/webp');
    expect(await store.has(key)).toBe(true);
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    // Deleting what is not there is not an error: a retried clean-up finds it gone.
    await store.delete(key);
    await store.delete(photo(10).key);
  });

  it('refuses every key that is not a photo key, in every method, and writes nothing', async () => {
    const before = await filesUnder(subject.root);
    for (const key of BAD_KEYS) {
      expect(isPhotoKey(key), JSON.stringify(key)).toBe(false);
      const bytes = Buffer.from('not a photo');
      await expect(store.put(key, bytes, 'image/webp'), JSON.stringify(key)).rejects.toThrow(
        /Not a photo key/,
      );
      await expect(store.get(key), JSON.stringify(key)).rejects.toThrow(/Not a photo key/);
      await expect(store.has(key), JSON.stringify(key)).rejects.toThrow(/Not a photo key/);
      await expect(store.delete(key), JSON.stringify(key)).rejects.toThrow(/Not a photo key/);
    }
    expect(await filesUnder(subject.root)).toEqual(before);
  });
});

describe('the S3 photo store', () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server?.close());

  const options = (endpoint: string) => ({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: S3_KEY,
    secretAccessKey: S3_KEY,
  });

  it('stores each object with its type and as immutable, for any cache in front of the bucket', async () => {
    const { key, bytes } = photo(1_000);
    await new S3PhotoStore(options(server.url)).put(key, bytes, 'image/webp');
    const client = new S3Client({
      ...options(server.url),
      forcePathStyle: true,
      credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    client.destroy();
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(head.ContentLength).toBe(bytes.length);
  });

  it('fails a put to a server that is down, without waiting', async () => {
    // A port that was free a moment ago: nothing listens, the connection is refused.
    const store = new S3PhotoStore(options(`http://127.0.0.1:${await freePort()}`));
    const started = Date.now();
    await expect(store.put(photo(100).key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('gives up on a server that takes the connection and never answers, after its timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const store = new S3PhotoStore({ ...options(`http://127.0.0.1:${port}`), timeoutMs: 300 });
      const started = Date.now();
      await expect(store.put(photo(100).key, Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
        name: 'TimeoutError',
      });
      // Two tries of 300 ms and the pause between them, not the minutes of a stuck socket.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('the local photo store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dfm-photos-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps each photo at <dir>/<first two hex digits>/<key>', async () => {
    const uploads = path.join(dir, 'layout');
    const store = createPhotoStore({ photos: { store: 'local', dir: uploads } });
    const { key, bytes } = photo(1_000);
    await store.put(key, bytes, 'image/webp');
    expect(await filesUnder(uploads)).toEqual([path.join(key.slice(0, 2), key)]);
  });

  it('never leaves part of a photo under its key when the write fails halfway', async () => {
    // A real write failure: a child process limited to 32 KiB per file (ulimit -f) stores a 1 MiB photo, and the
    // kernel refuses the write past the limit (EFBIG), as a full disk would.
    const uploads = path.join(dir, 'crash');
    const script = path.join(dir, 'put.mjs');
    const source = path.join(dir, 'photo.bin');
    const { key, bytes } = photo(1 << 20);
    await writeFile(source, bytes);
    await writeFile(
      script,
      `const { LocalPhotoStore } = await import(${JSON.stringify(path.join(root, 'server/src/modules/photos/local-store.ts'))});
const { readFile } = await import('node:fs/promises');
const bytes = await readFile(process.argv[3]);
try {
  await new LocalPhotoStore(${JSON.stringify(uploads)}).put(process.argv[2], bytes, 'image/webp');
  console.log('stored');
} catch (error) {
  console.log(error.code);
}
`,
    );
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        '/bin/sh',
        ['-c', 'ulimit -f 64 && exec "$0" --import tsx "$@"', process.execPath, script, key, source],
        { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', () => resolve(out.trim()));
    });
    expect(output).toBe('EFBIG');

    const store = createPhotoStore({ photos: { store: 'local', dir: uploads } });
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    // Not even the temporary file: the failed put removed it.
    expect(await filesUnder(uploads)).toEqual([]);
    // And the key is free for the next try.
    await store.put(key, bytes, 'image/webp');
    expect((await bytesOf(await store.get(key))).equals(bytes)).toBe(true);
  });
});
