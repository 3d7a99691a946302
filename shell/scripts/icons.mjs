/**
 * Draws the installable app's icons (docs/FRONTEND.md "Installable app") into public/icons: the
 * BlockPilot mark (a target: a ring around a dot, "a block found") in white on the brand purple.
 * `icon-*` are rounded squares for every use; `maskable-*` fill the whole square and keep the mark
 * inside the safe circle (40% of the size around the centre) that every launcher mask leaves
 * visible; `badge-72` is the white mark alone, for the phone's status bar. Run it again after
 * changing the drawing: `node shell/scripts/icons.mjs`; the PNGs are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
/** The brand purple (the page's theme-color). */
const PURPLE = [0x65, 0x1f, 0xff];
const WHITE = [0xff, 0xff, 0xff];
/** Samples per pixel side, for smooth edges. */
const SUPERSAMPLE = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An RGBA PNG of `size` x `size` whose pixel colours `paint(x, y)` gives (coordinates 0..1). */
function png(size, paint) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const [r, g, b, a] = paint((x + (sx + 0.5) / SUPERSAMPLE) / size, (y + (sy + 0.5) / SUPERSAMPLE) / size);
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const alpha = sum[3] / SUPERSAMPLE ** 2;
      const offset = 1 + x * 4;
      for (let i = 0; i < 3; i++) row[offset + i] = sum[3] ? Math.round(sum[i] / sum[3]) : 0;
      row[offset + 3] = Math.round(alpha * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The mark at `scale` (1: the ring's outer edge at 40% of the size from the centre): white, or null outside it. */
function mark(x, y, scale) {
  const distance = Math.hypot(x - 0.5, y - 0.5) / scale;
  const inRing = distance <= 0.4 && distance >= 0.29;
  const inDot = distance <= 0.16;
  return inRing || inDot;
}
/** Inside a square with rounded corners (radius as a share of the size). */
function inRoundedSquare(x, y, radius) {
  const dx = Math.max(radius - x, x - (1 - radius), 0);
  const dy = Math.max(radius - y, y - (1 - radius), 0);
  return Math.hypot(dx, dy) <= radius;
}

const icon = (x, y) => (!inRoundedSquare(x, y, 0.2) ? [0, 0, 0, 0] : mark(x, y, 0.9) ? [...WHITE, 1] : [...PURPLE, 1]);
// The safe circle is 40% of the size: the ring's outer edge sits at 0.4 x 0.8 = 32%.
const maskable = (x, y) => (mark(x, y, 0.8) ? [...WHITE, 1] : [...PURPLE, 1]);
const badge = (x, y) => (mark(x, y, 1.1) ? [...WHITE, 1] : [0, 0, 0, 0]);

mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(path.join(OUT, `icon-${size}.png`), png(size, icon));
  writeFileSync(path.join(OUT, `maskable-${size}.png`), png(size, maskable));
}
writeFileSync(path.join(OUT, 'badge-72.png'), png(72, badge));
