#!/usr/bin/env node
// Writes the demo catalog's product illustrations: one small flat SVG per variety × form into
// client/public/images/products/<variety-slug>-<form>.svg, and one of a rooted plant shipped bare-root (its roots
// wrapped in damp paper, no pot) into <variety-slug>-bare-root.svg. No dependencies and no network access;
// the output is deterministic, so re-running it only rewrites identical files.
//   node scripts/generate-product-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'client/public/images/products');

/** Fruit colours per variety (docs/quality.md#look-and-feel). bg is the soft background tint. */
const VARIETIES = [
  { name: 'Sugar Dragon', skin: '#e0286f', bract: '#f47aa6', flesh: '#a8105c', bg: '#fde6f0' },
  { name: 'American Beauty', skin: '#b8235a', bract: '#dc5a8c', flesh: '#85195a', bg: '#f5e3f0' },
  { name: 'Yellow Dragon', skin: '#f4c41a', bract: '#ffe27a', flesh: '#fffdf6', bg: '#fff5d2', spiny: true },
  { name: 'Physical Graffiti', skin: '#ee5a94', bract: '#f9a3c4', flesh: '#f58bb4', bg: '#ffeaf3' },
  { name: 'Red Jaina', skin: '#d81b4a', bract: '#f26b86', flesh: '#d12b2b', bg: '#fde7eb' },
  { name: 'Vietnamese White', skin: '#ec4f86', bract: '#f79bbb', flesh: '#fffefb', bg: '#eaf4e4' },
  { name: 'Thai Red', skin: '#f0506e', bract: '#f9a0ae', flesh: '#c92424', bg: '#fff0e3' },
  { name: 'Valdivia Roja', skin: '#a9163a', bract: '#d4506c', flesh: '#860a1e', bg: '#f6e2e2' },
  { name: 'Dark Star', skin: '#45122f', bract: '#7d2c5c', flesh: '#6a1b6e', bg: '#ece3f3' },
];

const FORMS = { cutting: 'Cutting', rooted: 'Rooted Plant', seed: 'Seeds', mature: 'Mature Plant' };

const G = { stem: '#5f9f3f', dark: '#3f7a2a', rib: '#8fc86c', areole: '#eef4dc' };

const slug = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const r = (n) => Math.round(n * 10) / 10;

/** A three-winged dragon fruit stem segment, drawn upright from (0,0) to (0,len), half-width w. */
function stem(len, w, n) {
  const step = len / n;
  const b = Math.max(2, w * 0.2);
  let right = '';
  let left = '';
  const dots = [];
  for (let i = 0; i < n; i++) {
    const y0 = i * step;
    const y1 = y0 + step;
    right += ` Q${r(w + b)} ${r(y0 + step / 2)} ${r(w - 1)} ${r(y1)}`;
    left = ` Q${r(-w - b)} ${r(y0 + step / 2)} ${r(-w + 1)} ${r(y0)}${left}`;
    if (i > 0) dots.push(`M${r(w - 2)} ${r(y0)}h.1M${r(-w + 2)} ${r(y0)}h.1`);
  }
  const body = `M${r(-w + 1)} 0Q0 -12 ${r(w - 1)} 0${right}L${r(-w + 1)} ${r(len)}${left}Z`;
  return (
    `<path d="${body}" fill="${G.stem}" stroke="${G.dark}" stroke-width="2.5"/>` +
    `<path d="M0 -4V${r(len)}" stroke="${G.rib}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M0 -4V${r(len)}" stroke="${G.dark}" stroke-width="1.5" opacity=".5"/>` +
    `<path d="${dots.join('')}" stroke="${G.areole}" stroke-width="5" stroke-linecap="round"/>`
  );
}

/** Yellow Dragon's skin: knobbly tubercles, each with a tiny spine. */
function spines(v) {
  const at = [
    [-12, -14],
    [10, -18],
    [14, 2],
    [-15, 4],
    [-6, 18],
    [8, 18],
    [0, -2],
  ];
  return (
    `<path d="${at.map(([x, y]) => `M${x} ${y}h.1`).join('')}" stroke="${v.bract}" stroke-width="6.5" stroke-linecap="round"/>` +
    `<path d="${at.map(([x, y]) => `M${x} ${y}l3 -3`).join('')}" stroke="#7a5c12"/>`
  );
}

/** Pitaya skin: leafy bracts (scales) with green tips, rotated outwards. */
function scales(v) {
  const at = [
    [-22, -4, -40],
    [22, -6, 40],
    [-20, 14, -30],
    [21, 12, 30],
    [-6, 4, -10],
    [8, -12, 10],
    [0, 22, 0],
  ];
  const rot = (a, dx, dy) => {
    const t = (a * Math.PI) / 180;
    return `${r(dx * Math.cos(t) - dy * Math.sin(t))} ${r(dx * Math.sin(t) + dy * Math.cos(t))}`;
  };
  const leaves = at.map(
    ([x, y, a]) => `M${x} ${y}q${rot(a, -6, -8)} ${rot(a, 2, -20)}q${rot(a, 6, 10)} ${rot(a, -2, 20)}`,
  );
  const tips = at.map(([x, y, a]) => `M${x} ${y}m${rot(a, 2, -20)}l${rot(a, -1, 5)}`);
  return (
    `<path d="${leaves.join('')}" fill="${v.bract}"/>` +
    `<path d="${tips.join('')}" stroke="${G.stem}" stroke-width="3" stroke-linecap="round"/>`
  );
}

/** Symbols shared by an image: a halved fruit (#h), its seeds (#s) and, if whole, a whole fruit (#f). */
function fruitDefs(v, whole) {
  const seeds = [
    [-9, -12],
    [3, -15],
    [10, -6],
    [-3, -4],
    [-12, 2],
    [6, 3],
    [-5, 9],
    [11, 10],
    [1, 15],
    [-10, 14],
    [5, -24],
    [-6, -22],
    [14, -16],
    [-15, -9],
    [0, 24],
  ]
    .map(([x, y]) => `M${x} ${y}h.1`)
    .join('');
  const bracts = v.spiny ? spines(v) : scales(v);
  return (
    `<defs><path id="s" d="${seeds}" stroke="#1c1414" stroke-width="3" stroke-linecap="round"/>` +
    (whole
      ? `<g id="f"><ellipse rx="22" ry="28" fill="${v.skin}"/>${bracts}` +
        `<ellipse cx="-7" cy="-10" rx="5" ry="9" fill="#fff" opacity=".25"/>` +
        `<path d="M0 -28q-4 -8 -10 -9M0 -28q4 -8 9 -10" stroke="${G.stem}" stroke-width="3" fill="none" stroke-linecap="round"/></g>`
      : '') +
    `<g id="h"><ellipse rx="26" ry="32" fill="${v.skin}"/><ellipse rx="22" ry="28" fill="${v.flesh}" stroke="${v.bract}" stroke-width="1.5"/><use href="#s"/></g></defs>`
  );
}

function bg(v, ground) {
  return (
    `<rect width="400" height="300" fill="${v.bg}"/>` +
    `<circle cx="330" cy="60" r="90" fill="#fff" opacity=".45"/>` +
    `<ellipse cx="200" cy="${ground}" rx="150" ry="16" fill="#000" opacity=".07"/>`
  );
}

function cutting(v) {
  return (
    bg(v, 262) +
    `<g transform="translate(188 60) rotate(-24)">${stem(200, 26, 6)}` +
    `<ellipse cx="0" cy="200" rx="26" ry="7" fill="#e9d8a6" stroke="#b59a5b" stroke-width="2"/></g>` +
    `<path d="M176 88C214 96 236 110 258 126" stroke="#a98b5a" stroke-width="2" fill="none"/>` +
    `<g transform="translate(258 126) rotate(14)"><path d="M0 -20h70l14 20-14 20H0z" fill="#f3e3c3" stroke="#c9ab77" stroke-width="2"/>` +
    `<circle cx="6" cy="0" r="4" fill="${v.bg}" stroke="#c9ab77"/>` +
    `<use href="#h" transform="translate(44 0) scale(.5)"/></g>`
  );
}

function rooted(v) {
  return (
    bg(v, 270) +
    `<ellipse cx="200" cy="190" rx="70" ry="9" fill="#4e3320"/>` +
    `<g transform="translate(186 72) rotate(-4)">${stem(124, 17, 4)}</g>` +
    `<g transform="translate(222 118) rotate(12)">${stem(76, 13, 3)}</g>` +
    `<path d="M176 190l3 -4 5 4 5 -3M212 191l4 -3 4 3" stroke="#6b4a30" stroke-width="3" fill="none"/>` +
    `<path d="M262 192l2 -44" stroke="#d9c7a0" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="246" y="120" width="34" height="32" rx="4" fill="#fffaf0" stroke="#d9c7a0" stroke-width="2"/>` +
    `<use href="#h" transform="translate(263 136) scale(.42)"/>` +
    `<path d="M124 188h152v22H124z" fill="#d97a4c"/>` +
    `<path d="M130 210h140l-16 60h-108z" fill="#c8643b"/>` +
    `<path d="M134 226h132" stroke="#b5552f" stroke-width="3" opacity=".6"/>`
  );
}

/** A rooted plant lifted without its pot: bare roots in a band of damp paper, laid on the ground. */
function bareRoot(v) {
  const root = (d) => `<path d="${d}" stroke="#8a6a45" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  return (
    bg(v, 262) +
    `<g transform="translate(186 60) rotate(-4)">${stem(124, 17, 4)}</g>` +
    `<g transform="translate(222 106) rotate(12)">${stem(76, 13, 3)}</g>` +
    root('M196 186c-6 20 -22 34 -40 46') +
    root('M200 186c2 24 -4 44 -14 62') +
    root('M204 186c8 18 24 30 44 38') +
    root('M198 188c-16 10 -34 14 -52 12') +
    root('M202 188c14 12 20 30 18 52') +
    `<path d="M166 170h68l-6 30h-56z" fill="#e8dcc0" stroke="#c9ab77" stroke-width="2"/>` +
    `<path d="M172 180h56M174 190h52" stroke="#c9ab77" stroke-width="2" opacity=".7"/>` +
    `<path d="M262 192l2 -44" stroke="#d9c7a0" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="246" y="120" width="34" height="32" rx="4" fill="#fffaf0" stroke="#d9c7a0" stroke-width="2"/>` +
    `<use href="#h" transform="translate(263 136) scale(.42)"/>`
  );
}

function seed(v) {
  return (
    bg(v, 268) +
    `<g transform="translate(150 150) rotate(-6)">` +
    `<path d="M-75 -110h150v220h-150z" fill="#fffaf0" stroke="#d9c7a0" stroke-width="2"/>` +
    `<path d="M-75 -110${'l7.5 -8l7.5 8'.repeat(10)}" fill="#fffaf0" stroke="#d9c7a0" stroke-width="2"/>` +
    `<path d="M-75 -92h150v30h-150z" fill="${v.skin}"/>` +
    `<path d="M-50 -77h100" stroke="#fff" stroke-width="5" stroke-dasharray="16 6" opacity=".85"/>` +
    `<use href="#h" transform="translate(0 22) scale(1.6)"/>` +
    `<path d="M-75 88h150" stroke="${v.skin}" stroke-width="8" opacity=".5"/></g>` +
    `<use href="#h" transform="translate(292 182) scale(1.5)"/>` +
    `<use href="#f" transform="translate(300 100) rotate(18) scale(.9)"/>` +
    `<use href="#s" transform="translate(250 262) scale(.6)"/>`
  );
}

function mature(v) {
  const vine = (d) =>
    `<path d="${d}" stroke="${G.stem}" stroke-width="13" fill="none" stroke-linecap="round"/>`;
  return (
    `<rect width="400" height="300" fill="${v.bg}"/>` +
    `<circle cx="320" cy="58" r="36" fill="#fff" opacity=".6"/>` +
    `<path d="M0 262q200 -22 400 0v38H0z" fill="#9ccc65"/>` +
    `<path d="M192 262V78h16v184z" fill="#9c7a54"/><path d="M200 262V78" stroke="#7a5c3c" stroke-width="2"/>` +
    `<g transform="translate(197 96)">${stem(162, 9, 6)}</g>` +
    `<path d="M188 150h20M188 214h20" stroke="#d9c7a0" stroke-width="3"/>` +
    vine('M200 80c-40 -20 -80 -10 -92 40c-6 26 -4 50 2 70') +
    vine('M200 80c40 -20 84 -6 96 38c6 24 4 48 -2 72') +
    vine('M196 76c-24 -6 -50 10 -52 46c-2 22 2 40 8 56') +
    vine('M204 76c26 -4 52 12 52 46c0 20 -4 36 -10 50') +
    `<ellipse cx="200" cy="78" rx="34" ry="9" fill="#6d5a4a"/>` +
    `<use href="#f" transform="translate(112 206) scale(.8)"/>` +
    `<use href="#f" transform="translate(292 206) scale(.8) rotate(10)"/>` +
    `<use href="#f" transform="translate(152 188) scale(.65) rotate(-8)"/>` +
    `<use href="#f" transform="translate(247 180) scale(.65)"/>` +
    `<path d="M270 106l10 -14 12 10-10 12z" fill="#fff8e6"/><circle cx="280" cy="104" r="3" fill="#f4d35e"/>` +
    `<use href="#h" transform="translate(330 250) rotate(-70) scale(.9)"/>`
  );
}

const DRAW = { cutting, rooted, seed, mature, 'bare-root': bareRoot };
const DRAWINGS = { ...FORMS, 'bare-root': 'Rooted Plant, Bare-Root' };

mkdirSync(outDir, { recursive: true });
let largest = 0;
for (const v of VARIETIES) {
  for (const [form, label] of Object.entries(DRAWINGS)) {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">` +
      `<title>${v.name} ${label}</title>${fruitDefs(v, form === 'seed' || form === 'mature')}${DRAW[form](v)}</svg>\n`;
    const file = path.join(outDir, `${slug(v.name)}-${form}.svg`);
    writeFileSync(file, svg);
    largest = Math.max(largest, Buffer.byteLength(svg));
  }
}
console.log(
  `Wrote ${VARIETIES.length * Object.keys(DRAWINGS).length} images to ${outDir} (largest ${largest} bytes)`,
);
