/**
 * Photos as files under one folder (DATA_DIR/uploads): `<dir>/<first two hex digits>/<key>`, spread over 256
 * folders so that none holds every photo. A file is written whole to a temporary name beside its place and renamed into it: a crash
 * leaves at most a stray temporary file, never a half photo under its key, and two writers of one key each rename a
 * complete copy of the same bytes.
 */
import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkPhotoKey, type PhotoStore, type StoredObject } from './store';

/** Every rendition is WebP; the files carry no type of their own. */
const CONTENT_TYPE = 'image/webp';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalPhotoStore implements PhotoStore {
  readonly kind = 'local';
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  private pathOf(key: string): string {
    checkPhotoKey(key);
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    if (await this.exists(file)) return;
    await mkdir(path.dirname(file), { recursive: true });
    // In the same folder, so the rename stays on one file system and is atomic.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      // flush: the bytes reach the disk before the rename makes them the photo.
      await writeFile(temporary, body, { flag: 'wx', flush: true });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    // Opened first, so a delete between the stat and the read cannot leave a stream that fails after its size.
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size, contentType: CONTENT_TYPE };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  // async, so a bad key rejects like in every other method rather than throwing before a promise exists.
  async has(key: string): Promise<boolean> {
    return this.exists(this.pathOf(key));
  }

  private async exists(file: string): Promise<boolean> {
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
