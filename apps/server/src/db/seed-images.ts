import { existsSync } from 'node:fs';
import { link, mkdir, copyFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { IconName } from './seed-data';

/**
 * Pictures for the demo catalogue, made locally with sharp (no network) and
 * without text (librsvg's text rendering is slow). Each picture is an icon
 * for the sub-category in the product's colour, on a tinted gradient with a
 * pattern and a brand-coloured band, so neighbouring products look different.
 * pictureSvg() describes a picture as SVG; seeding builds the same pixels
 * from icon and pattern layers rasterised once (composePicture), because an
 * SVG render per picture would double the cost. What remains per product is
 * two WebP encodes (400 and 200 px, effort 0), 4 at a time with one libvips
 * thread each: about 6 ms of CPU per product on this machine.
 *
 * Files follow the upload convention (packages/shared/src/images.ts): the URL
 * `/uploads/seed/<name>.webp` with `<name>.webp`, `<name>.w200.webp` and
 * `<name>.w400.webp` beside it under `<dataDir>/uploads/seed/`. Seed pictures
 * are only 400 px wide, so the base `<name>.webp` *is* the 400 px picture and
 * `<name>.w400.webp` is a hard link to it (a copy where links are not
 * supported). The web asks for 800 px only through the base name, which it
 * gets at 400 px: fine for a demo.
 *
 * Names are deterministic (`p00042`, `c3`, `s17`) and a picture whose three
 * files already exist is not drawn again, so re-seeding a persisted DATA_DIR
 * costs nothing for the pictures. (After changing how pictures or products
 * are generated, delete `<dataDir>/uploads/seed/` to redraw them.)
 */

export const SEED_IMAGE_DIR = 'seed';
const SIZE = 400;
const SMALL = 200;
const WEBP = { effort: 0, quality: 78 } as const;

export interface PictureSpec {
  icon: IconName;
  /** Background hue, 0–359. */
  bgHue: number;
  /** Main colour of the icon, #rrggbb. */
  color: string;
  /** Accent colour (bands, details), #rrggbb. */
  accent: string;
  /** 0..PATTERN_COUNT-1 */
  pattern: number;
  /** Small variation of the pattern (spacing, angle). */
  variant: number;
  /** Category and sub-category tiles: bolder background, no pattern. */
  tile?: boolean;
}

export interface ImageJob {
  /** File name without extension, e.g. 'p00042'. */
  name: string;
  spec: PictureSpec;
}

export function seedImageUrl(name: string): string {
  return `/uploads/${SEED_IMAGE_DIR}/${name}.webp`;
}

export function hsl(h: number, s: number, l: number): string {
  s /= 100;
  l /= 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** A darker shade of a #rrggbb colour, for outlines. */
function shade(hex: string, factor: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = (v: number) =>
    Math.round(v * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${c((n >> 16) & 255)}${c((n >> 8) & 255)}${c(n & 255)}`;
}

/**
 * Icons on a 400×400 canvas, drawn around the centre. The group's fill is the
 * product colour; `fill="A"`, `"L"` and `"D"` (and strokes) are replaced by
 * the accent, a light tint and a dark outline colour.
 */
const ICONS: Record<IconName, string> = {
  tshirt: '<path d="M140 100 L175 88 Q200 108 225 88 L260 100 L315 145 L285 185 L260 168 L260 315 L140 315 L140 168 L115 185 L85 145 Z"/><path d="M175 88 Q200 118 225 88" fill="none"/>',
  jacket: '<path d="M145 95 L180 85 Q200 100 220 85 L255 95 L300 130 L320 290 L290 295 L268 175 L265 315 L135 315 L132 175 L110 295 L80 290 L100 130 Z"/><path d="M200 100 V315" fill="none" stroke="A" stroke-width="8"/>',
  dress: '<path d="M172 80 L185 80 L190 105 L210 105 L215 80 L228 80 L238 140 L300 315 L100 315 L162 140 Z"/><rect x="160" y="135" width="80" height="16" fill="A"/>',
  saree: '<path d="M175 90 Q200 80 225 90 L235 150 Q290 240 300 315 L100 315 Q120 230 165 150 Z"/><path d="M225 92 Q262 170 296 312" fill="none" stroke="A" stroke-width="22"/><circle cx="200" cy="70" r="18" fill="L"/>',
  shoe: '<path d="M90 250 Q90 200 120 190 L170 175 Q190 210 230 215 L300 235 Q320 245 320 270 L320 282 L90 282 Z"/><rect x="86" y="278" width="238" height="20" rx="8" fill="D"/><path d="M160 195 L175 215 M180 190 L195 212" stroke="L" stroke-width="6"/>',
  bag: '<path d="M160 160 Q160 100 200 100 Q240 100 240 160" fill="none" stroke="D" stroke-width="12"/><rect x="110" y="155" width="180" height="150" rx="18"/><rect x="180" y="190" width="40" height="24" rx="5" fill="A"/>',
  watch: '<rect x="170" y="80" width="60" height="240" rx="14" fill="D"/><circle cx="200" cy="200" r="70"/><circle cx="200" cy="200" r="54" fill="L"/><path d="M200 200 V160 M200 200 L232 214" stroke="D" stroke-width="7" stroke-linecap="round"/>',
  glasses: '<circle cx="145" cy="210" r="50"/><circle cx="255" cy="210" r="50"/><path d="M195 205 Q200 192 205 205 M96 200 L70 165 M304 200 L330 165" fill="none" stroke="D" stroke-width="10"/><path d="M120 190 Q135 175 150 180" fill="none" stroke="L" stroke-width="8"/>',
  onesie: '<path d="M150 95 Q200 130 250 95 L300 130 L280 170 L260 160 L262 250 L235 310 L210 310 L200 275 L190 310 L165 310 L138 250 L140 160 L120 170 L100 130 Z"/><circle cx="200" cy="170" r="8" fill="A"/><circle cx="200" cy="200" r="8" fill="A"/>',
  diaper: '<rect x="120" y="110" width="160" height="200" rx="20"/><rect x="140" y="90" width="120" height="30" rx="8" fill="D"/><circle cx="200" cy="210" r="45" fill="L"/><circle cx="200" cy="210" r="20" fill="A"/>',
  bottle: '<rect x="160" y="150" width="80" height="160" rx="26"/><path d="M168 150 L175 120 L225 120 L232 150 Z" fill="A"/><path d="M185 120 Q200 70 215 120 Z" fill="L"/><path d="M160 200 H190 M160 235 H190 M160 270 H190" stroke="L" stroke-width="6"/>',
  teddy: '<circle cx="145" cy="115" r="28"/><circle cx="255" cy="115" r="28"/><ellipse cx="200" cy="265" rx="78" ry="62"/><circle cx="200" cy="160" r="64"/><ellipse cx="200" cy="182" rx="26" ry="19" fill="L"/><circle cx="175" cy="148" r="7" fill="D"/><circle cx="225" cy="148" r="7" fill="D"/><circle cx="200" cy="176" r="7" fill="D"/>',
  pencil: '<g transform="rotate(-45 200 200)"><rect x="110" y="175" width="170" height="50"/><path d="M280 175 L325 200 L280 225 Z" fill="L"/><path d="M310 192 L325 200 L310 208 Z" fill="D"/><rect x="88" y="175" width="24" height="50" fill="A"/></g>',
  jar: '<rect x="115" y="180" width="170" height="120" rx="20"/><rect x="125" y="140" width="150" height="45" rx="10" fill="A"/><rect x="140" y="215" width="120" height="45" rx="8" fill="L"/>',
  shampoo: '<path d="M150 150 Q150 120 180 115 L180 92 L220 92 L220 115 Q250 120 250 150 L250 300 Q250 315 235 315 L165 315 Q150 315 150 300 Z"/><rect x="176" y="68" width="48" height="26" rx="5" fill="A"/><rect x="165" y="190" width="70" height="80" rx="8" fill="L"/>',
  lipstick: '<rect x="160" y="210" width="80" height="100" rx="8" fill="D"/><rect x="168" y="160" width="64" height="55" fill="A"/><path d="M174 160 L174 100 L226 78 L226 160 Z"/>',
  perfume: '<rect x="125" y="150" width="150" height="160" rx="30"/><rect x="180" y="115" width="40" height="40" fill="A"/><rect x="170" y="90" width="60" height="28" rx="6" fill="D"/><circle cx="200" cy="230" r="35" fill="L"/>',
  soap: '<rect x="100" y="170" width="200" height="110" rx="45"/><ellipse cx="200" cy="225" rx="60" ry="25" fill="L"/><g fill="none" stroke="A" stroke-width="5"><circle cx="140" cy="130" r="18"/><circle cx="185" cy="105" r="12"/><circle cx="250" cy="130" r="22"/></g>',
  razor: '<rect x="185" y="165" width="30" height="155" rx="12" fill="D"/><rect x="120" y="100" width="160" height="70" rx="14"/><rect x="132" y="114" width="136" height="12" fill="L"/><rect x="132" y="140" width="136" height="12" fill="L"/>',
  toothbrush: '<g transform="rotate(-30 200 200)"><rect x="80" y="190" width="190" height="26" rx="13"/><rect x="262" y="184" width="68" height="36" rx="8" fill="A"/><path d="M270 184 V148 M283 184 V148 M296 184 V148 M309 184 V148 M322 184 V148" stroke="L" stroke-width="8"/></g>',
  phone: '<rect x="135" y="80" width="130" height="240" rx="22"/><rect x="147" y="105" width="106" height="180" rx="6" fill="L"/><circle cx="200" cy="302" r="8" fill="D"/><rect x="185" y="90" width="30" height="6" rx="3" fill="D"/>',
  laptop: '<rect x="110" y="105" width="180" height="130" rx="10"/><rect x="122" y="117" width="156" height="106" fill="L"/><path d="M78 245 L322 245 L302 285 L98 285 Z" fill="D"/>',
  tv: '<rect x="78" y="95" width="244" height="165" rx="10" fill="D"/><rect x="90" y="107" width="220" height="141"/><path d="M110 125 L150 125" stroke="L" stroke-width="8"/><path d="M172 260 L160 302 H240 L228 260" fill="D"/>',
  headphones: '<path d="M115 230 Q115 100 200 100 Q285 100 285 230" fill="none" stroke="D" stroke-width="18"/><rect x="95" y="205" width="58" height="95" rx="22"/><rect x="247" y="205" width="58" height="95" rx="22"/><rect x="110" y="225" width="20" height="55" rx="8" fill="L"/>',
  fridge: '<rect x="130" y="70" width="140" height="260" rx="14"/><path d="M130 160 H270" stroke="D" stroke-width="6"/><rect x="245" y="100" width="10" height="40" rx="4" fill="D"/><rect x="245" y="185" width="10" height="60" rx="4" fill="D"/>',
  camera: '<rect x="90" y="140" width="220" height="150" rx="20"/><rect x="150" y="112" width="72" height="32" rx="6"/><circle cx="200" cy="215" r="55" fill="D"/><circle cx="200" cy="215" r="35" fill="L"/><circle cx="275" cy="165" r="9" fill="A"/>',
  plug: '<rect x="140" y="150" width="120" height="110" rx="16"/><rect x="165" y="100" width="16" height="55" fill="D"/><rect x="219" y="100" width="16" height="55" fill="D"/><path d="M200 260 Q200 320 262 320" fill="none" stroke="D" stroke-width="14"/><circle cx="200" cy="205" r="14" fill="A"/>',
  pot: '<path d="M100 170 H300 L285 290 Q280 310 260 310 H140 Q120 310 115 290 Z"/><rect x="90" y="152" width="220" height="22" rx="8" fill="D"/><path d="M92 182 H60 M308 182 H340" stroke="D" stroke-width="14"/><rect x="180" y="130" width="40" height="24" rx="6" fill="A"/>',
  blender: '<path d="M140 92 H260 L245 240 H155 Z" fill="L"/><path d="M150 170 H250 L245 240 H155 Z" fill="A"/><rect x="135" y="80" width="130" height="18" rx="4" fill="D"/><rect x="140" y="240" width="120" height="75" rx="10"/><circle cx="200" cy="278" r="14" fill="L"/>',
  cup: '<ellipse cx="200" cy="292" rx="130" ry="22" fill="L"/><path d="M130 140 H270 L255 280 H145 Z"/><path d="M270 170 Q320 175 302 225 Q292 245 262 240" fill="none" stroke="D" stroke-width="14"/><path d="M175 120 Q160 100 175 80 M215 120 Q200 100 215 80" fill="none" stroke="A" stroke-width="8"/>',
  bed: '<rect x="70" y="120" width="30" height="190" rx="6" fill="D"/><rect x="300" y="200" width="30" height="110" rx="6" fill="D"/><rect x="90" y="205" width="225" height="75" rx="10"/><rect x="110" y="165" width="85" height="45" rx="20" fill="L"/><path d="M200 205 H315" stroke="A" stroke-width="10"/>',
  lamp: '<path d="M150 95 H250 L288 200 H112 Z"/><rect x="192" y="200" width="16" height="90" fill="D"/><rect x="145" y="285" width="110" height="22" rx="8" fill="D"/><path d="M140 175 H260" stroke="A" stroke-width="8"/>',
  box: '<path d="M110 150 L200 110 L290 150 L290 280 L200 320 L110 280 Z"/><path d="M110 150 L200 190 L290 150 M200 190 V320" fill="none" stroke="D" stroke-width="6"/><path d="M155 130 L245 170" stroke="A" stroke-width="14"/>',
  spray: '<rect x="140" y="170" width="110" height="145" rx="16"/><path d="M165 170 L170 130 H220 L225 170 Z" fill="A"/><path d="M170 130 V105 H250 L265 118 L220 130 Z" fill="D"/><rect x="155" y="210" width="80" height="60" rx="8" fill="L"/>',
  sack: '<path d="M130 130 Q120 110 150 105 H250 Q280 110 270 130 Q310 220 290 300 Q285 315 260 315 H140 Q115 315 110 300 Q90 220 130 130 Z"/><path d="M140 130 Q200 145 260 130" fill="none" stroke="D" stroke-width="8"/><rect x="155" y="200" width="90" height="60" rx="8" fill="L"/><circle cx="200" cy="230" r="16" fill="A"/>',
  moon: '<path d="M230 90 A115 115 0 1 0 305 262 A92 92 0 1 1 230 90 Z"/><path d="M268 138 L276 160 L299 160 L281 174 L288 196 L268 183 L248 196 L255 174 L237 160 L260 160 Z" fill="A"/>',
  flower: '<g fill="A"><ellipse cx="200" cy="120" rx="32" ry="55"/><ellipse cx="200" cy="280" rx="32" ry="55"/><ellipse cx="120" cy="200" rx="55" ry="32"/><ellipse cx="280" cy="200" rx="55" ry="32"/><ellipse cx="145" cy="145" rx="30" ry="50" transform="rotate(-45 145 145)"/><ellipse cx="255" cy="255" rx="30" ry="50" transform="rotate(-45 255 255)"/><ellipse cx="255" cy="145" rx="30" ry="50" transform="rotate(45 255 145)"/><ellipse cx="145" cy="255" rx="30" ry="50" transform="rotate(45 145 255)"/></g><circle cx="200" cy="200" r="48"/>',
  diya: '<path d="M95 225 Q200 335 305 225 Z"/><path d="M95 225 H305" stroke="D" stroke-width="8"/><path d="M200 212 Q172 178 200 110 Q228 178 200 212 Z" fill="A"/><path d="M200 205 Q188 185 200 150 Q212 185 200 205 Z" fill="L"/>',
  umbrella: '<path d="M78 200 Q200 60 322 200 Q291 184 261 200 Q230 184 200 200 Q170 184 139 200 Q109 184 78 200 Z"/><path d="M200 200 V295 Q200 322 172 310" fill="none" stroke="D" stroke-width="10"/><path d="M200 86 V200" stroke="A" stroke-width="6"/>',
  gift: '<rect x="110" y="170" width="180" height="140" rx="8"/><rect x="100" y="140" width="200" height="40" rx="6"/><rect x="188" y="140" width="24" height="170" fill="A"/><path d="M200 140 Q160 88 148 118 Q146 140 200 140 Q240 88 252 118 Q254 140 200 140 Z" fill="A"/>',
  lantern: '<rect x="150" y="120" width="100" height="170" rx="20"/><rect x="165" y="135" width="70" height="140" rx="12" fill="L"/><path d="M200 78 V120 M160 120 H240 M160 290 H240" stroke="D" stroke-width="10"/><circle cx="200" cy="205" r="22" fill="A"/>',
  drill: '<path d="M110 140 H260 Q280 140 280 160 V200 Q280 215 260 215 H200 L185 310 H140 L150 215 H110 Z"/><rect x="280" y="166" width="62" height="22" fill="D"/><rect x="130" y="155" width="60" height="22" rx="6" fill="L"/><rect x="138" y="270" width="52" height="40" rx="4" fill="A"/>',
  hammer: '<g transform="rotate(-35 200 200)"><rect x="189" y="140" width="24" height="190" rx="8" fill="A"/><path d="M128 105 H268 L282 122 V150 H128 Z"/></g>',
  bulb: '<path d="M200 88 A76 76 0 0 1 247 224 L240 256 H160 L153 224 A76 76 0 0 1 200 88 Z"/><rect x="165" y="255" width="70" height="45" rx="6" fill="D"/><path d="M180 270 H220 M180 285 H220" stroke="L" stroke-width="5"/><path d="M170 130 Q155 150 160 175" fill="none" stroke="L" stroke-width="9"/>',
  tap: '<rect x="118" y="150" width="162" height="50" rx="14"/><path d="M262 160 Q322 160 322 230 V252 H290 V230 Q290 200 262 200 Z"/><rect x="185" y="112" width="30" height="42" fill="D"/><rect x="152" y="98" width="96" height="18" rx="8" fill="D"/><path d="M306 268 Q296 286 306 296 Q316 286 306 268 Z" fill="A"/>',
  roller: '<rect x="110" y="100" width="200" height="70" rx="20"/><path d="M310 135 H335 V205 H205 V240" fill="none" stroke="D" stroke-width="14"/><rect x="190" y="235" width="30" height="90" rx="10" fill="A"/><path d="M130 120 H290" stroke="L" stroke-width="8"/>',
  bolt: '<path d="M160 90 H240 L262 125 L240 160 H160 L138 125 Z"/><rect x="180" y="160" width="40" height="150" fill="D"/><path d="M180 185 L220 175 M180 210 L220 200 M180 235 L220 225 M180 260 L220 250 M180 285 L220 275" stroke="L" stroke-width="6"/>',
  plant: '<path d="M140 240 H260 L245 320 H155 Z" fill="A"/><path d="M200 240 V160" stroke="D" stroke-width="8"/><path d="M200 185 Q138 175 128 110 Q190 115 200 185 Z M200 172 Q262 152 276 95 Q214 100 200 172 Z"/>',
};

export const PATTERN_COUNT = 6;

function pattern(kind: number, variant: number): string {
  const step = 40 + (variant % 4) * 10;
  const parts: string[] = [];
  switch (kind) {
    case 0: {
      // dots
      const r = 3 + (variant % 5);
      for (let y = step / 2; y < SIZE; y += step) for (let x = step / 2; x < SIZE; x += step) parts.push(`<circle cx="${x}" cy="${y}" r="${r}"/>`);
      return `<g fill="#fff" fill-opacity="0.45">${parts.join('')}</g>`;
    }
    case 1: {
      // diagonal stripes
      let d = '';
      for (let k = -SIZE; k < SIZE; k += step) d += `M${k} 0l${SIZE} ${SIZE}`;
      return `<path d="${d}" stroke="#fff" stroke-opacity="0.35" stroke-width="${8 + (variant % 3) * 4}"/>`;
    }
    case 2: {
      // grid
      let d = '';
      for (let k = step / 2; k < SIZE; k += step) d += `M${k} 0V${SIZE}M0 ${k}H${SIZE}`;
      return `<path d="${d}" stroke="#fff" stroke-opacity="0.4" stroke-width="3"/>`;
    }
    case 3: {
      // concentric rings behind the icon
      for (let r = 60; r < 300; r += step) parts.push(`<circle cx="200" cy="200" r="${r}"/>`);
      return `<g fill="none" stroke="#fff" stroke-opacity="0.4" stroke-width="6">${parts.join('')}</g>`;
    }
    case 4: {
      // horizontal waves
      let d = '';
      for (let y = step / 2; y < SIZE; y += step) d += `M0 ${y}q25 -14 50 0t50 0t50 0t50 0t50 0t50 0t50 0t50 0`;
      return `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.4" stroke-width="5"/>`;
    }
    default:
      // plain, with a soft disc behind the icon
      return `<circle cx="200" cy="200" r="${150 + (variant % 3) * 10}" fill="#fff" fill-opacity="0.35"/>`;
  }
}

function layout(spec: PictureSpec) {
  return {
    top: spec.tile ? hsl(spec.bgHue, 55, 80) : hsl(spec.bgHue, 45, 93),
    bottom: spec.tile ? hsl((spec.bgHue + 25) % 360, 55, 68) : hsl((spec.bgHue + 20) % 360, 45, 82),
    dark: shade(spec.color, 0.45),
    light: LIGHT,
  };
}
const LIGHT = '#fdfcf8';
const BAND = 14;

function iconMarkup(icon: IconName, main: string, accent: string, light: string, dark: string): string {
  const body = ICONS[icon].replace(/(fill|stroke)="([ALD])"/g, (_m, attr: string, t: string) => {
    const colour = t === 'A' ? accent : t === 'L' ? light : dark;
    return `${attr}="${colour}"`;
  });
  return `<g fill="${main}" stroke="${dark}" stroke-width="5" stroke-linejoin="round">${body}</g>`;
}

function svgDoc(px: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${SIZE} ${SIZE}">${body}</svg>`;
}

/**
 * The whole picture as one SVG, drawn on a 400 × 400 canvas and output at
 * `px` pixels. This is the reference: seeding composes the same picture from
 * cached layers (composePicture), which is several times cheaper per product.
 */
export function pictureSvg(spec: PictureSpec, px = SIZE): string {
  const c = layout(spec);
  return svgDoc(
    px,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.top}"/><stop offset="1" stop-color="${c.bottom}"/></linearGradient></defs>` +
      `<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>` +
      (spec.tile ? '' : pattern(spec.pattern, spec.variant)) +
      iconMarkup(spec.icon, spec.color, spec.accent, c.light, c.dark) +
      (spec.tile ? '' : `<rect x="0" y="${SIZE - BAND}" width="${SIZE}" height="${BAND}" fill="${spec.accent}"/>`),
  );
}

/*
 * Layers. Rasterising an SVG costs 1.5–3 ms even for a blank one, so each
 * icon and each pattern is rasterised once per size, on a transparent
 * background, and kept as a sparse list of the pixels it covers.
 *
 * Icons are drawn with pure red for the main colour, pure green for the
 * accent, pure blue for the light parts and black for the outline. Cairo
 * blends linearly, so an (unpremultiplied) pixel's red, green and blue are
 * the shares of main, accent and light, the rest of its alpha is outline —
 * recolouring is a weighted sum, exact up to 8-bit rounding.
 * Patterns are white with an opacity: only their alpha is needed.
 */
interface Layer {
  /** Pixel indices (y * px + x) with alpha > 0. */
  idx: Uint32Array;
  a: Uint8Array;
  r: Uint8Array;
  g: Uint8Array;
  b: Uint8Array;
}

const layers = new Map<string, Promise<Layer>>();

async function rasterLayer(svg: string): Promise<Layer> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const ch = info.channels;
  const pixels = info.width * info.height;
  let n = 0;
  for (let p = 0; p < pixels; p++) if (data[p * ch + 3]! > 0) n++;
  const layer: Layer = { idx: new Uint32Array(n), a: new Uint8Array(n), r: new Uint8Array(n), g: new Uint8Array(n), b: new Uint8Array(n) };
  let k = 0;
  for (let p = 0; p < pixels; p++) {
    const o = p * ch;
    const alpha = data[o + 3]!;
    if (alpha === 0) continue;
    layer.idx[k] = p;
    layer.a[k] = alpha;
    layer.r[k] = data[o]!;
    layer.g[k] = data[o + 1]!;
    layer.b[k] = data[o + 2]!;
    k++;
  }
  return layer;
}

function cachedLayer(key: string, svg: () => string): Promise<Layer> {
  let layer = layers.get(key);
  if (!layer) {
    layer = rasterLayer(svg());
    layers.set(key, layer);
    // A failed render must not stay cached.
    layer.catch(() => layers.delete(key));
  }
  return layer;
}

const iconLayer = (icon: IconName, px: number) =>
  cachedLayer(`icon:${icon}:${px}`, () => svgDoc(px, iconMarkup(icon, '#ff0000', '#00ff00', '#0000ff', '#000000')));
const patternLayer = (kind: number, variant: number, px: number) =>
  cachedLayer(`pattern:${kind}:${variant}:${px}`, () => svgDoc(px, pattern(kind, variant)));

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * The picture as raw RGB pixels, px × px: the same image pictureSvg
 * describes. Pass `out` (px × px × 3 bytes) to reuse a buffer.
 */
export async function composePicture(spec: PictureSpec, px: number, out?: Buffer): Promise<Buffer> {
  const c = layout(spec);
  const [icon, pat] = await Promise.all([
    iconLayer(spec.icon, px),
    spec.tile ? null : patternLayer(spec.pattern, spec.variant, px),
  ]);
  out ??= Buffer.allocUnsafe(px * px * 3);

  // Vertical gradient, one colour per row (as librsvg samples it, at pixel centres).
  const [t0, t1, t2] = rgb(c.top);
  const [b0, b1, b2] = rgb(c.bottom);
  const row = Buffer.allocUnsafe(3);
  for (let y = 0; y < px; y++) {
    const f = (y + 0.5) / px;
    row[0] = Math.round(t0 + (b0 - t0) * f);
    row[1] = Math.round(t1 + (b1 - t1) * f);
    row[2] = Math.round(t2 + (b2 - t2) * f);
    out.fill(row, y * px * 3, (y + 1) * px * 3);
  }

  if (pat) {
    const { idx, a } = pat;
    for (let k = 0; k < idx.length; k++) {
      const o = idx[k]! * 3;
      const al = a[k]!;
      out[o] = out[o]! + (((255 - out[o]!) * al + 127) / 255) | 0;
      out[o + 1] = out[o + 1]! + (((255 - out[o + 1]!) * al + 127) / 255) | 0;
      out[o + 2] = out[o + 2]! + (((255 - out[o + 2]!) * al + 127) / 255) | 0;
    }
  }

  const [m0, m1, m2] = rgb(spec.color);
  const [a0, a1, a2] = rgb(spec.accent);
  const [l0, l1, l2] = rgb(c.light);
  const [d0, d1, d2] = rgb(c.dark);
  const { idx, a, r, g, b } = icon;
  for (let k = 0; k < idx.length; k++) {
    const o = idx[k]! * 3;
    const al = a[k]!;
    const wm = r[k]!;
    const wa = g[k]!;
    const wl = b[k]!;
    const wd = Math.max(0, 255 - wm - wa - wl);
    // Colour of the icon at this pixel, times 255.
    const c0 = wm * m0 + wa * a0 + wl * l0 + wd * d0;
    const c1 = wm * m1 + wa * a1 + wl * l1 + wd * d1;
    const c2 = wm * m2 + wa * a2 + wl * l2 + wd * d2;
    if (al === 255) {
      out[o] = (c0 + 127) / 255;
      out[o + 1] = (c1 + 127) / 255;
      out[o + 2] = (c2 + 127) / 255;
    } else {
      const inv = 255 - al;
      out[o] = (out[o]! * inv * 255 + c0 * al + 32512) / 65025;
      out[o + 1] = (out[o + 1]! * inv * 255 + c1 * al + 32512) / 65025;
      out[o + 2] = (out[o + 2]! * inv * 255 + c2 * al + 32512) / 65025;
    }
  }

  if (!spec.tile) {
    const [s0, s1, s2] = rgb(spec.accent);
    row[0] = s0;
    row[1] = s1;
    row[2] = s2;
    out.fill(row, (px - Math.round((BAND * px) / SIZE)) * px * 3);
  }
  return out;
}

function filesOf(dir: string, name: string) {
  return {
    base: path.join(dir, `${name}.webp`),
    w400: path.join(dir, `${name}.w400.webp`),
    w200: path.join(dir, `${name}.w200.webp`),
  };
}

/**
 * Draws one picture: composed in memory at 200 and 400 px and encoded to
 * WebP (the 400 px one is the base file). The w400 file is made last, as a
 * link to the finished base file, so an interrupted run never leaves a set
 * that looks complete.
 */
async function drawPicture(dir: string, job: ImageJob, buffers: { small: Buffer; large: Buffer }): Promise<void> {
  const files = filesOf(dir, job.name);
  const small = await composePicture(job.spec, SMALL, buffers.small);
  await sharp(small, { raw: { width: SMALL, height: SMALL, channels: 3 } }).webp(WEBP).toFile(files.w200);
  const large = await composePicture(job.spec, SIZE, buffers.large);
  await sharp(large, { raw: { width: SIZE, height: SIZE, channels: 3 } }).webp(WEBP).toFile(files.base);
  await unlink(files.w400).catch(() => {});
  try {
    await link(files.base, files.w400);
  } catch {
    await copyFile(files.base, files.w400);
  }
}

function isComplete(dir: string, name: string): boolean {
  const f = filesOf(dir, name);
  return existsSync(f.w400) && existsSync(f.base) && existsSync(f.w200);
}

/**
 * Draws the pictures that are not on disk yet, `concurrency` at a time, each
 * with one libvips thread (many small images: parallel images beat parallel
 * pixels). Returns how many were drawn and how many were already there.
 * An aborted signal stops the workers after the picture each is drawing.
 */
export async function generateImages(
  dataDir: string,
  jobs: ImageJob[],
  opts: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<{ generated: number; cached: number }> {
  const dir = path.resolve(dataDir, 'uploads', SEED_IMAGE_DIR);
  await mkdir(dir, { recursive: true });
  const todo = jobs.filter((job) => !isComplete(dir, job.name));
  const cached = jobs.length - todo.length;
  if (todo.length === 0) return { generated: 0, cached };

  const previous = sharp.concurrency();
  sharp.concurrency(1);
  try {
    let next = 0;
    let failed = false;
    const worker = async () => {
      // Each worker reuses its own pixel buffers: sharp is done with them once a file is written.
      const buffers = { small: Buffer.allocUnsafe(SMALL * SMALL * 3), large: Buffer.allocUnsafe(SIZE * SIZE * 3) };
      while (!failed && !opts.signal?.aborted && next < todo.length) {
        const job = todo[next++]!;
        try {
          await drawPicture(dir, job, buffers);
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    };
    const workers = Math.max(1, Math.min(opts.concurrency ?? 4, todo.length));
    // Wait for every worker, so nothing still writes when this returns.
    const results = await Promise.allSettled(Array.from({ length: workers }, worker));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    sharp.concurrency(previous);
  }
  return { generated: todo.length, cached };
}
