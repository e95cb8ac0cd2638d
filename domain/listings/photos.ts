/**
 * A listing's photos (issue 27): the limits a seller's upload is held to, on the page before it is sent and on the
 * server that reads it, and the messages that refuse one.
 */

/** The most bytes one photo may have: a 12 MP phone JPEG is 3 to 6 MB, a 48 MP one 10 to 15 MB. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTOS_PER_LISTING = 8;
/** The widths each photo is stored at, for `srcset`; never wider than the photo itself. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
/**
 * The most pixels a photo may have, read from its header before anything is decoded: a PNG of one colour at
 * 30000 × 30000 is 110 KB on disk and 3.6 GB decoded as RGBA. 50 MP takes a 48 MP phone's photo (8064 × 6048 =
 * 48.8 MP) and most cameras' (45 MP). 100 MP would add little (a 100 MP JPEG rarely fits in 15 MB) and double the
 * memory one photo may take decoded: 200 MB as RGBA at 50 MP, two of them at once (server/src/modules/photos).
 */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** The fewest pixels on a side: a smaller photo cannot show the plant. */
export const PHOTO_MIN_SIDE = 100;
/** The types a photo may be, for a file input's `accept`; the server reads the type from the bytes alone. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
/** The same, in words, for messages. */
export const PHOTO_TYPES_TEXT = 'JPEG, PNG, WebP, AVIF or GIF';

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const PHOTO_MESSAGES = {
  empty: 'The file is empty',
  tooBig: (bytes: number) =>
    `This file is ${megabytes(bytes)}; a photo can be at most ${megabytes(PHOTO_MAX_BYTES)}. Please upload a smaller one.`,
  /** A body cut off at the limit while it streams: its whole size is not known. */
  overLimit: `A photo can be at most ${megabytes(PHOTO_MAX_BYTES)}. Please upload a smaller one.`,
  notPhoto: `This file is not a photo we can read. Please upload a ${PHOTO_TYPES_TEXT} file.`,
  svg: `An SVG drawing cannot be a listing's photo. Please upload a ${PHOTO_TYPES_TEXT} photo.`,
  pdf: `A PDF cannot be a listing's photo. Please upload a ${PHOTO_TYPES_TEXT} photo.`,
  heic:
    'This photo is in HEIC, the iPhone’s format, which we cannot read. Share it as JPEG, or on the iPhone choose ' +
    'Settings > Camera > Formats > Most Compatible before taking photos, and upload it again.',
  /** The listing's places are all taken, some by uploads still on their way (the rest is TOO_MANY_PHOTOS). */
  roomTaken:
    `A listing can have at most ${PHOTOS_PER_LISTING} photos, and the rest of its places are taken by uploads ` +
    'still on their way. Wait for them to finish, or delete a photo to add another.',
  /** The server holds as many uploads as it may at once (503, with Retry-After). */
  busy: 'Many photos are being uploaded right now. Please try again in a moment.',
  damaged: 'This photo is damaged or incomplete (perhaps its upload was cut short). Please upload it again.',
  tooManyPixels: (width: number, height: number) =>
    `This photo is ${width} × ${height} pixels; a photo can have at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels. ` +
    'Please resize it and upload it again.',
  tooSmall: (width: number, height: number) =>
    `This photo is ${width} × ${height} pixels, too small to show the plant: it must be at least ` +
    `${PHOTO_MIN_SIDE} pixels on each side.`,
} as const;
