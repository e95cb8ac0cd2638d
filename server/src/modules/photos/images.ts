/**
 * A seller's photo made fit to show (issue 27): its type read from its bytes, refused with a message the seller can
 * act on if it is not a photo we can read, then turned upright, stripped of its metadata (EXIF and its GPS
 * position, the camera's colour profile once converted to sRGB), and written as WebP at each of PHOTO_WIDTHS, with
 * a tiny blurred placeholder to show while they load. No storage and no database here: the caller keeps the bytes.
 */
import { createHash } from 'node:crypto';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MESSAGES,
  PHOTO_MIN_SIDE,
  PHOTO_WIDTHS,
} from '@domain/listings/photos';
import sharp from 'sharp';
import { DomainError, InvalidInput } from '../../errors';

export interface Rendition {
  width: number;
  height: number;
  /** The name it is stored under: the SHA-256 of its bytes, so the same photo is stored once and cached forever. */
  key: string;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** The size of the upright original. */
  width: number;
  height: number;
  /** By ascending width. */
  renditions: Rendition[];
  /** A `data:image/webp;base64,…` URL of a tiny blurred version, a few hundred bytes, to inline in the page. */
  placeholder: string;
}

// libvips' operation cache keeps recent inputs and results for reuse; each photo is seen once, so it would only
// hold memory on a small server.
sharp.cache(false);

/**
 * How many photos are decoded at once. A 12 MP photo is 36 MB decoded (200 MB for a 50 MP RGBA PNG) and libvips
 * already uses every core for one, so ten uploads at once wait their turn instead of holding ten decoded photos.
 */
const CONCURRENT_PHOTOS = 2;
const WEBP_QUALITY = 80;
/**
 * libwebp's default: a 12 MP JPEG takes 0.3 to 0.45 s in all on a busy 2-core machine. Effort 6 takes 0.55 to
 * 0.75 s for no smaller files; effort 2 saves 0.1 s for files 2 to 3% bigger.
 */
const WEBP_EFFORT = 4;
const LARGEST_WIDTH = Math.max(...PHOTO_WIDTHS);
const PLACEHOLDER_SIDE = 16;
/** Past this, a photo's processing is stopped: a real one takes under a second. */
const TIMEOUT_SECONDS = 30;

type Sniffed = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'svg' | 'pdf' | 'unknown';
/** sharp's name for the decoder each accepted type must be read with. */
const DECODERS: Partial<Record<Sniffed, string>> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

/** The brands of an ISO media file's `ftyp` box that say HEIF with HEVC inside (the iPhone's HEIC). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** The file's type from its first bytes (its magic number), whatever its name or the client say it is. */
function sniff(input: Buffer): Sniffed {
  const ascii = (start: number, end: number) => input.toString('latin1', start, end);
  if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(4, 8) === 'ftyp') {
    // The box: its size, 'ftyp', the major brand, a version, then the compatible brands.
    const boxEnd = Math.min(input.readUInt32BE(0), input.length, 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
    return 'unknown';
  }
  if (ascii(0, 5) === '%PDF-') return 'pdf';
  // SVG is XML text: refused, as it is a drawing that may carry scripts, not a photo.
  const head = input
    .toString('utf8', 0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(head)) return 'svg';
  return 'unknown';
}

function refusal(sniffed: Sniffed): string {
  if (sniffed === 'heic') return PHOTO_MESSAGES.heic;
  if (sniffed === 'svg') return PHOTO_MESSAGES.svg;
  if (sniffed === 'pdf') return PHOTO_MESSAGES.pdf;
  return PHOTO_MESSAGES.notPhoto;
}

/** An error from sharp (libvips' own words) as the seller's: the file is damaged, whatever libvips said of it. */
function damaged(cause: unknown): InvalidInput {
  if (cause instanceof DomainError) return cause;
  return Object.assign(new InvalidInput(PHOTO_MESSAGES.damaged), { cause });
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` once fewer than CONCURRENT_PHOTOS others are running, in the order asked. */
async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (running < CONCURRENT_PHOTOS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    // The slot passes to the next in line as it is, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Reads, checks and renders a seller's photo; throws InvalidInput, with a message for the seller, for any file. */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length === 0) throw new InvalidInput(PHOTO_MESSAGES.empty);
  if (input.length > PHOTO_MAX_BYTES) throw new InvalidInput(PHOTO_MESSAGES.tooBig(input.length));
  const sniffed = sniff(input);
  const decoder = DECODERS[sniffed];
  if (!decoder) throw new InvalidInput(refusal(sniffed));

  // The header alone (no pixels decoded): the type and size it declares. The pixel limit is lifted here only so
  // that a photo too large is named with its size; decoding keeps it.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw damaged(error);
    });
  if (metadata.format !== decoder) throw new InvalidInput(PHOTO_MESSAGES.damaged);
  // An AVIF brand on HEVC inside is still a HEIC that the bundled libheif cannot decode.
  if (metadata.format === 'heif' && metadata.compression !== 'av1') {
    throw new InvalidInput(PHOTO_MESSAGES.heic);
  }
  // Only an animation's first frame is read, so its size is the frame's; EXIF orientations 5 to 8 swap the sides.
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const [width, height] =
    (metadata.orientation ?? 1) >= 5 ? [frameHeight, metadata.width] : [metadata.width, frameHeight];
  if (width * height > PHOTO_MAX_PIXELS) {
    throw new InvalidInput(PHOTO_MESSAGES.tooManyPixels(width, height));
  }
  if (width < PHOTO_MIN_SIDE || height < PHOTO_MIN_SIDE) {
    throw new InvalidInput(PHOTO_MESSAGES.tooSmall(width, height));
  }

  return inTurn(() => render(input, width, height)).catch((error: unknown) => {
    throw damaged(error);
  });
}

async function render(input: Buffer, width: number, height: number): Promise<ProcessedPhoto> {
  // Decoded once, at the largest width it is shown at (a JPEG decodes straight at 1/2, 1/4 or 1/8 of its size),
  // into sRGB pixels without metadata; the smaller renditions and the placeholder are made from these.
  // failOn 'error' refuses a truncated or corrupt file (libjpeg would pad a JPEG cut short with grey) and keeps
  // the harmless warnings some cameras' JPEGs raise; only the first frame of an animation is read.
  const base = await sharp(input, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS, pages: 1 })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .rotate()
    .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const pixels = () =>
    sharp(base.data, {
      raw: { width: base.info.width, height: base.info.height, channels: base.info.channels },
    }).timeout({ seconds: TIMEOUT_SECONDS });

  // Never wider than the photo: one 500 px wide gets 320 and 500.
  const widths = [...PHOTO_WIDTHS.filter((w) => w < width), ...(width <= LARGEST_WIDTH ? [width] : [])];
  const renditions: Rendition[] = [];
  for (const w of widths) {
    const resized = w === base.info.width ? pixels() : pixels().resize({ width: w });
    const { data, info } = await resized
      .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
      .toBuffer({ resolveWithObject: true });
    const key = `${createHash('sha256').update(data).digest('hex')}.webp`;
    renditions.push({ width: info.width, height: info.height, key, bytes: data });
  }

  const tiny = await pixels()
    .resize({ width: PLACEHOLDER_SIDE, height: PLACEHOLDER_SIDE, fit: 'inside' })
    .blur(1)
    .webp({ quality: 50, effort: WEBP_EFFORT })
    .toBuffer();
  return { width, height, renditions, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
}
