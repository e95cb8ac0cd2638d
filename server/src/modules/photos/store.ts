/**
 * Where the photos' renditions are kept: a small interface the photos module writes through, with a folder on disk
 * (`LocalPhotoStore`) and an S3 bucket (`S3PhotoStore`) behind it. Keys are content addressed (the SHA-256 of the
 * bytes), so an object never changes once stored: a second put of a key is the same bytes, and caches may keep it
 * for good.
 */
import type { Readable } from 'node:stream';

/** An object read back: its bytes as a stream, so a large photo is never held whole in memory. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface PhotoStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key; a key already stored is left as it is (same key, same bytes). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes it; no error when it is not there. */
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}

const PHOTO_KEY = /^[0-9a-f]{64}\.webp$/;

/** A rendition's key: the 64 lowercase hex digits of its SHA-256, then `.webp`. */
export function isPhotoKey(key: string): boolean {
  return PHOTO_KEY.test(key);
}

/**
 * Refuses anything else: a key becomes a file name or an object name, so the check is what keeps `../` and other
 * surprises out of both stores, whatever a caller forgot to check.
 */
export function checkPhotoKey(key: string): void {
  if (!isPhotoKey(key)) throw new Error(`Not a photo key: ${JSON.stringify(key)}`);
}
