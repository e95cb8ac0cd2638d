/**
 * The photo uploads one instance holds at once, from the first byte of their body until their renditions are made
 * (docs/decisions/0029-hold-the-edge.md): each holds its body in memory (up to 15 MB) while it arrives and while
 * it waits for its turn to be decoded, so their number and their bytes are bounded. An upload past either bound is
 * refused with 503 and Retry-After before its body is read, rather than waiting with its 15 MB.
 */
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@domain/listings/photos';
import { Unavailable } from '../../errors';

/** What a refused upload is told to wait: about the time a held one takes to arrive and be decoded. */
export const QUEUE_RETRY_AFTER_SECONDS = 5;

export class UploadQueue {
  private uploads = 0;
  private bytes = 0;

  constructor(private readonly limits: { uploads: number; bytes: number }) {}

  /**
   * Takes a place for an upload whose body declares `declared` bytes (its Content-Length; unknown counts as the
   * largest photo), or throws Unavailable. One upload alone is always taken, whatever its size, so a bound below one
   * photo slows uploads down to one at a time rather than refusing them all. Answers the function that gives the
   * place back (once, however often it is called).
   */
  admit(declared: number | undefined): () => void {
    const size = Math.min(declared ?? PHOTO_MAX_BYTES, PHOTO_MAX_BYTES);
    if (this.uploads > 0 && (this.uploads >= this.limits.uploads || this.bytes + size > this.limits.bytes))
      throw new Unavailable(PHOTO_MESSAGES.busy, QUEUE_RETRY_AFTER_SECONDS);
    this.uploads += 1;
    this.bytes += size;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.uploads -= 1;
      this.bytes -= size;
    };
  }

  /** The uploads held now and their declared bytes (tests and logs). */
  get held(): { uploads: number; bytes: number } {
    return { uploads: this.uploads, bytes: this.bytes };
  }
}
