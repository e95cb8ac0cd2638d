import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@domain/listings/photos';
import sharp, { type Create } from 'sharp';
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../server/src/errors';
import { processPhoto } from '../../server/src/modules/photos/images';

// Every fixture is made here, by sharp or by hand: no binary file is committed.
const solid = (
  width: number,
  height: number,
  background: Create['background'] = '#3a7d44',
  channels: 3 | 4 = 3,
) => sharp({ create: { width, height, channels, background } });

/** A photo with some texture, so that its encodings are not trivially small. */
const textured = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

async function refusal(input: Buffer): Promise<string> {
  const error = await processPhoto(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidInput);
  return (error as InvalidInput).message;
}

/** A PNG chunk: its length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG of one colour at 30000 × 30000: about 110 KB on disk, 900 megapixels decoded. Written
 * by hand with zlib in half a second: sharp's own (`create` then PNG at compressionLevel 9) takes 10 s and makes
 * 2.7 MB, and its 1-bit palette PNG takes 40 s and 4 GB of memory.
 */
function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: a filter byte, then one bit a pixel.
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ISO media file's `ftyp` box as an iPhone's HEIC starts, then filler. */
function fakeHeic(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.writeUInt32BE(0, 12);
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(2000, 7)]);
}

describe('processPhoto', () => {
  it('turns a JPEG upright from its EXIF orientation and drops its EXIF, GPS included', async () => {
    // Stored 800 × 600, red on its left half: orientation 6 shows it turned a quarter clockwise, red on top.
    const left = await solid(400, 600, '#ff0000').png().toBuffer();
    const input = await solid(800, 600, '#0000ff')
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '37/1 46/1 30/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '122/1 25/1 0/1',
        },
      })
      .toBuffer();
    const stored = await sharp(input).metadata();
    expect(stored.orientation).toBe(6);
    expect(stored.exif?.toString('latin1')).toContain('PhoneMaker');

    const photo = await processPhoto(input);
    expect([photo.width, photo.height]).toEqual([600, 800]);
    expect(photo.renditions.map((r) => [r.width, r.height])).toEqual([
      [320, 427],
      [600, 800],
    ]);
    for (const rendition of photo.renditions) {
      const out = await sharp(rendition.bytes).metadata();
      expect(out.format).toBe('webp');
      expect([out.width, out.height]).toEqual([rendition.width, rendition.height]);
      expect(out.exif).toBeUndefined();
      expect(out.xmp).toBeUndefined();
      expect(out.icc).toBeUndefined();
      expect(out.orientation).toBeUndefined();
      expect(rendition.bytes.toString('latin1')).not.toContain('PhoneMaker');
    }
    const { data, info } = await sharp(photo.renditions[1]?.bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [topRed, , topBlue] = pixel(300, 100);
    const [bottomRed, , bottomBlue] = pixel(300, 700);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomRed).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
  });

  it('converts a photo with a Display P3 profile to sRGB and drops the profile', async () => {
    const input = await textured(700, 500).jpeg().withIccProfile('p3').toBuffer();
    expect((await sharp(input).metadata()).icc).toBeDefined();
    const photo = await processPhoto(input);
    for (const rendition of photo.renditions) {
      const out = await sharp(rendition.bytes).metadata();
      expect(out.icc).toBeUndefined();
      expect(out.space).toBe('srgb');
    }
  });

  it('keeps a PNG’s transparency', async () => {
    const input = await solid(400, 300, { r: 40, g: 120, b: 60, alpha: 0.5 }, 4).png().toBuffer();
    const photo = await processPhoto(input);
    const out = await sharp(photo.renditions[0]?.bytes).metadata();
    expect(out.hasAlpha).toBe(true);
    expect(photo.renditions.map((r) => r.width)).toEqual([320, 400]);
  });

  it('reads WebP and AVIF', async () => {
    const webp = await textured(640, 480).webp().toBuffer();
    expect((await processPhoto(webp)).renditions.map((r) => r.width)).toEqual([320, 640]);
    const avif = await textured(400, 400).avif({ effort: 0 }).toBuffer();
    const photo = await processPhoto(avif);
    expect([photo.width, photo.height]).toEqual([400, 400]);
    expect(photo.renditions.map((r) => r.width)).toEqual([320, 400]);
  });

  it.each(['gif', 'webp'] as const)('keeps the first frame of an animated %s', async (format) => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((colour) => solid(300, 200, colour).png().toBuffer()),
    );
    const input = await sharp(frames, { join: { animated: true } })
      .toFormat(format)
      .toBuffer();
    expect((await sharp(input).metadata()).pages).toBe(3);
    const photo = await processPhoto(input);
    expect([photo.width, photo.height]).toEqual([300, 200]);
    expect(photo.renditions.map((r) => [r.width, r.height])).toEqual([[300, 200]]);
    const out = await sharp(photo.renditions[0]?.bytes).metadata();
    expect(out.pages ?? 1).toBe(1);
    const { data } = await sharp(photo.renditions[0]?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
    expect(data[1]).toBeLessThan(60);
  });

  it('never makes a rendition wider than the photo', async () => {
    const small = await processPhoto(await textured(500, 400).jpeg().toBuffer());
    expect(small.renditions.map((r) => [r.width, r.height])).toEqual([
      [320, 256],
      [500, 400],
    ]);
    const large = await processPhoto(await textured(3000, 2000).jpeg().toBuffer());
    expect([large.width, large.height]).toEqual([3000, 2000]);
    expect(large.renditions.map((r) => [r.width, r.height])).toEqual([
      [320, 213],
      [640, 427],
      [1280, 853],
    ]);
    const exact = await processPhoto(await textured(1280, 720).jpeg().toBuffer());
    expect(exact.renditions.map((r) => r.width)).toEqual([320, 640, 1280]);
  });

  it('names each rendition by the SHA-256 of its bytes, the same for the same photo', async () => {
    const input = await textured(900, 600).png().toBuffer();
    const first = await processPhoto(input);
    const again = await processPhoto(input);
    for (const rendition of first.renditions) {
      const hash = createHash('sha256').update(rendition.bytes).digest('hex');
      expect(rendition.key).toBe(`${hash}.webp`);
    }
    expect(again.renditions.map((r) => r.key)).toEqual(first.renditions.map((r) => r.key));
    expect(new Set(first.renditions.map((r) => r.key)).size).toBe(first.renditions.length);
  });

  it('gives a tiny blurred placeholder as a WebP data URL', async () => {
    for (const [width, height] of [
      [3000, 2000],
      [200, 4000],
    ] as const) {
      const photo = await processPhoto(await textured(width, height).jpeg().toBuffer());
      expect(photo.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
      expect(photo.placeholder.length).toBeLessThan(600);
      const bytes = Buffer.from(photo.placeholder.split(',')[1] ?? '', 'base64');
      const out = await sharp(bytes).metadata();
      expect(Math.max(out.width, out.height)).toBe(16);
    }
  });

  it('refuses an empty file, and one over the size limit before reading it', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe('The file is empty');
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await refusal(big)).toBe(PHOTO_MESSAGES.tooBig(PHOTO_MAX_BYTES + 1));
    expect(PHOTO_MESSAGES.tooBig(PHOTO_MAX_BYTES + 1)).toContain('at most 15 MB');
  });

  it('refuses what is not a photo, whatever its name would say', async () => {
    const random = Buffer.alloc(4096);
    let seed = 27;
    for (let i = 0; i < random.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      random[i] = seed >> 16;
    }
    expect(await refusal(random)).toBe(PHOTO_MESSAGES.notPhoto);
    expect(await refusal(Buffer.from('Dragon fruit cuttings, 12 inch, callused.\n'))).toBe(
      PHOTO_MESSAGES.notPhoto,
    );
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">' +
      '<script>alert(1)</script><rect width="400" height="400" fill="green"/></svg>';
    expect(await refusal(Buffer.from(svg))).toBe(PHOTO_MESSAGES.svg);
    expect(await refusal(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'))).toBe(
      PHOTO_MESSAGES.pdf,
    );
    // sharp reads TIFF, but it is not one of the types a seller may send.
    expect(await refusal(await textured(300, 300).tiff().toBuffer())).toBe(PHOTO_MESSAGES.notPhoto);
  });

  it('refuses a HEIC with what to do instead', async () => {
    const message = await refusal(fakeHeic());
    expect(message).toBe(PHOTO_MESSAGES.heic);
    expect(message).toContain('Most Compatible');
  });

  it('refuses a JPEG cut in half rather than padding it with grey', async () => {
    const whole = await textured(1200, 900).jpeg().toBuffer();
    expect(await refusal(whole.subarray(0, whole.length >> 1))).toBe(PHOTO_MESSAGES.damaged);
    const png = await textured(400, 300).png().toBuffer();
    expect(await refusal(png.subarray(0, png.length >> 1))).toBe(PHOTO_MESSAGES.damaged);
  });

  it('answers any damaged file with its own error, never libvips’ words', async () => {
    const whole = await textured(600, 400).jpeg().toBuffer();
    let seed = 7;
    for (let attempt = 0; attempt < 20; attempt++) {
      const damaged = Buffer.from(whole);
      for (let i = 0; i < 8; i++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        damaged[seed % damaged.length] = seed >> 8;
      }
      const result = await processPhoto(damaged).then(
        () => 'read',
        (e: unknown) => (e instanceof InvalidInput ? 'refused' : e),
      );
      expect(['read', 'refused']).toContain(result);
    }
  });

  it('refuses a decompression bomb from its header, quickly and without decoding it', async () => {
    const bomb = pngBomb(30000);
    expect(bomb.length).toBeLessThan(200_000);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    expect(await refusal(bomb)).toBe(PHOTO_MESSAGES.tooManyPixels(30000, 30000));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a photo too small to show the plant', async () => {
    const message = await refusal(await solid(50, 50).jpeg().toBuffer());
    expect(message).toBe(PHOTO_MESSAGES.tooSmall(50, 50));
    expect(message).toContain('too small to show the plant');
    expect(await refusal(await textured(2000, 99).png().toBuffer())).toBe(PHOTO_MESSAGES.tooSmall(2000, 99));
  });

  it('processes six photos sent at once, two at a time', async () => {
    const inputs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        textured(1600 + i * 10, 1200)
          .jpeg()
          .toBuffer(),
      ),
    );
    // sharp counts the operations running on libuv's threads (4 of them): never more than the queue's two.
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, sharp.counters().process);
    }, 1);
    const photos = await Promise.all(inputs.map((input) => processPhoto(input))).finally(() =>
      clearInterval(sampler),
    );
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
    expect(photos.map((p) => p.width)).toEqual([1600, 1610, 1620, 1630, 1640, 1650]);
    for (const photo of photos) expect(photo.renditions.map((r) => r.width)).toEqual([320, 640, 1280]);
  });
});
