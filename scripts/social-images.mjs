#!/usr/bin/env node
// Writes the link-preview copy of every listing drawing: client/public/images/products/<name>.svg becomes
// dist/client/images/social/<name>.png, 1200 × 630 (what Open Graph and Twitter's large card show), the drawing
// centred on its own background colour. Link previews show no SVG, so a listing without photos needs these
// (domain/catalog/illustrations.ts names them). Run by the client's build (scripts/client-build.mjs).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const from = path.join(root, 'client/public/images/products');
const to = path.join(root, 'dist/client/images/social');
// Must match SOCIAL_IMAGE_SIZE in domain/catalog/illustrations.ts (test/e2e/server-render.spec.ts reads a PNG's size).
const WIDTH = 1200;
const HEIGHT = 630;
// The drawings are 400 × 300: drawn 630 high they are 840 wide, and the background fills the rest.
const DRAWN_WIDTH = (400 * HEIGHT) / 300;

mkdirSync(to, { recursive: true });
const files = readdirSync(from).filter((f) => f.endsWith('.svg'));
await Promise.all(
  files.map(async (file) => {
    const svg = readFileSync(path.join(from, file));
    const background = /<rect [^>]*fill="(#[0-9a-f]{6})"/i.exec(svg.toString('utf8'))?.[1] ?? '#ffffff';
    const side = (WIDTH - DRAWN_WIDTH) / 2;
    await sharp(svg, { density: (72 * HEIGHT) / 300 })
      .resize(DRAWN_WIDTH, HEIGHT)
      .extend({ left: side, right: side, background })
      .flatten({ background })
      .png({ palette: true, quality: 90, compressionLevel: 9 })
      .toFile(path.join(to, file.replace(/\.svg$/, '.png')));
  }),
);
console.log(`Wrote ${files.length} link-preview images to ${path.relative(root, to)}`);
