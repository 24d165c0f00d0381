// node scripts/make-pwa-icons.mjs
//
// Draws the install icons of the web app manifest (issue 14) from the
// favicon's basket, with sharp (already the server's image library), into
// apps/web/public/icons/. The PNGs are committed; run this again only when
// the brand changes. "any" icons have rounded corners on transparency;
// the maskable one is full-bleed brand green with the basket inside the
// 80 % safe zone, so Android's circle or squircle mask never cuts it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BRAND = '#16a34a';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');

// The favicon's basket on a 64-unit grid; `scale` shrinks it around the centre.
const basket = (scale) => `<g transform="translate(32 32) scale(${scale}) translate(-32 -34)">
  <path d="M18 24h28l-3 22H21z" fill="#fff"/><path d="M25 24a7 7 0 0 1 14 0" stroke="#fff" stroke-width="4" fill="none"/></g>`;
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${basket(1.1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>${basket(0.85)}</svg>`;

const draw = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));

await draw(anyIcon, 192, 'icon-192.png');
await draw(anyIcon, 512, 'icon-512.png');
await draw(maskable, 512, 'icon-maskable-512.png');
// iOS ignores the manifest's icons and rounds the corners itself: full-bleed, 180 px.
await draw(maskable.replace('scale(0.85)', 'scale(1)'), 180, 'apple-touch-icon.png');
console.log('icons written to', out);
