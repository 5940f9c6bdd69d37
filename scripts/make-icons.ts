/**
 * Draws the Teams app icons (no image tools needed): appPackage/color.png (192×192, brand dark red with a
 * white "portal" arch and three phase steps) and appPackage/outline.png (32×32, white on transparent).
 * Run: npx tsx scripts/make-icons.ts
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

type Px = [number, number, number, number];

function crc32(buf: Buffer) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

export function encodePng(size: number, pixel: (x: number, y: number) => Px): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      // 4×4 supersampling for smooth edges
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const p = pixel(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4);
          r += p[0] * p[3];
          g += p[1] * p[3];
          b += p[2] * p[3];
          a += p[3];
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / 16) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The mark in a unit square: an arch (the portal) with three ascending steps (Setup, During, Closure). */
function mark(u: number, v: number): boolean {
  // arch outline: outer half-disc + rectangle, minus inner
  const inArch = (cx: number, top: number, w: number, bottom: number) => {
    const r = w / 2;
    if (v >= top + r && v <= bottom && Math.abs(u - cx) <= r) return true;
    return v < top + r && (u - cx) ** 2 + (v - (top + r)) ** 2 <= r * r;
  };
  const outer = inArch(0.5, 0.14, 0.56, 0.86);
  const inner = inArch(0.5, 0.24, 0.36, 0.87);
  if (outer && !inner) return true;
  // steps inside the arch
  const steps = [
    [0.33, 0.72, 0.45, 0.86],
    [0.45, 0.6, 0.57, 0.86],
    [0.57, 0.48, 0.67, 0.86],
  ];
  return steps.some(([x0, y0, x1, y1]) => u >= x0! && u <= x1! && v >= y0! && v <= y1!);
}

const BRAND: Px = [0x8c, 0x1c, 0x2b, 1];
const WHITE: Px = [255, 255, 255, 1];
const CLEAR: Px = [0, 0, 0, 0];

const color = encodePng(192, (x, y) => (mark(x / 192, y / 192) ? WHITE : BRAND));
const outline = encodePng(32, (x, y) => (mark(x / 32, y / 32) ? WHITE : CLEAR));
fs.writeFileSync('appPackage/color.png', color);
fs.writeFileSync('appPackage/outline.png', outline);
console.log(`appPackage/color.png ${color.length} B, appPackage/outline.png ${outline.length} B`);
