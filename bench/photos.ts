/**
 * `node --import tsx bench/photos.ts`: the server's memory under 30 concurrent large photo uploads (issue 35,
 * docs/decisions/0029-hold-the-edge.md). A seller's listing with room for 8 photos gets 30 uploads at once of a
 * 15 MB, 49-megapixel JPEG; the server's resident memory (VmRSS, from /proc) is sampled every 50 ms from before the
 * first upload until 3 s after the last answer, and the answers are counted by status with the time of the first and
 * last of each. The server runs from the bundle (`npm run build` first), started as every bench starts it
 * (bench/server.ts). BENCH_PHOTO_UPLOADS sets the number of uploads; BENCH_SERVER_LOG=file keeps the server's log.
 * Not part of `npm run bench`: it takes a minute of both cores.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SELLER } from '@domain/constants';
import { PHOTO_MAX_BYTES } from '@domain/listings/photos';
import sharp from 'sharp';
import { machine } from './results';
import { login, rssMb, startServer } from './server';

const UPLOADS = Number(process.env.BENCH_PHOTO_UPLOADS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 5390);

/** A 8100 × 6000 (48.6 MP) JPEG of faint noise (about as dense as a photo), just under 15 MB, made once and kept in the temporary folder. */
async function largePhoto(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), 'dfm-bench-49mp.jpg');
  if (existsSync(file)) return readFileSync(file);
  const noise = sharp({
    create: {
      width: 8100,
      height: 6000,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 16 },
    },
  });
  for (const quality of [88, 85, 82, 78, 72]) {
    const bytes = await noise.clone().jpeg({ quality }).toBuffer();
    if (bytes.length <= PHOTO_MAX_BYTES - 64 * 1024) {
      writeFileSync(file, bytes);
      return bytes;
    }
  }
  throw new Error('could not make a noise JPEG under 15 MB');
}

/**
 * One upload over node:http, which reads an answer sent before the body is all written (a refusal before the body
 * is read closes the connection; fetch would report the write's EPIPE instead of the answer). Answers its status
 * and when it came.
 */
function upload(
  base: string,
  pathname: string,
  headers: Record<string, string>,
  boundary: string,
  body: Buffer,
): Promise<{ status: number; at: number }> {
  return new Promise((resolve) => {
    let answered = false;
    const req = http.request(new URL(pathname, base), {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const at = performance.now();
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, at }));
    });
    // A connection closed before any answer is counted as status 0.
    req.on('error', () => {
      if (!answered) resolve({ status: 0, at: performance.now() });
    });
    req.end(body);
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dfm-bench-photos-'));
const server = await startServer(
  { DATA_DIR: dataDir, SEED_DEMO: 'true', WRITE_LIMIT_PER_IP: '1000000', WRITE_LIMIT_PER_ACCOUNT: '1000000' },
  PORT,
);
try {
  const photo = await largePhoto();
  const cookie = await login(server.url, DEMO_SELLER.username, DEMO_SELLER.password);
  const headers = { cookie, origin: server.url };
  const created = await fetch(`${server.url}/api/products`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Bench photos cutting',
      description: 'A listing for the photo upload bench.',
      variety: 'Sugar Dragon',
      form: 'cutting',
      cuttingSize: '12 inch',
      pollination: 'self',
      quantity: 5,
      price: 15,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
    }),
  });
  if (created.status !== 201) throw new Error(`listing: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };

  const samples: number[] = [];
  const before = rssMb(server.pid);
  const sampler = setInterval(() => samples.push(rssMb(server.pid)), 50);
  const started = performance.now();
  const boundary = '----dfm-bench-photos';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answers = await Promise.all(
    Array.from({ length: UPLOADS }, () =>
      upload(server.url, `/api/products/${id}/photos`, headers, boundary, body),
    ),
  ).then((results) => results.map(({ status, at }) => ({ status, ms: Math.round(at - started) })));
  await new Promise((r) => setTimeout(r, 3000));
  clearInterval(sampler);
  const after = rssMb(server.pid);

  const byStatus = new Map<number, number[]>();
  for (const a of answers) byStatus.set(a.status, [...(byStatus.get(a.status) ?? []), a.ms]);
  console.log(
    `\nPhoto uploads: ${UPLOADS} at once of a ${(photo.length / 2 ** 20).toFixed(1)} MB, 48.6 MP JPEG`,
  );
  console.log(`to one listing with room for 8 (${machine}; ${new Date().toISOString().slice(0, 10)})\n`);
  console.log('| status | answers | first answer ms | last answer ms |');
  console.log('|---|---:|---:|---:|');
  for (const [status, times] of [...byStatus].sort(([a], [b]) => a - b))
    console.log(`| ${status} | ${times.length} | ${Math.min(...times)} | ${Math.max(...times)} |`);
  console.log(
    `\nServer RSS: ${before} MB before, ${Math.max(before, ...samples)} MB at its peak, ${after} MB 3 s after.`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
