import { existsSync } from 'node:fs';
import { link, mkdir, copyFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { IconName } from './seed-data';

/**
 * Pictures for the demo catalogue, made locally with sharp (no network) and
 * without text (librsvg's text rendering is slow). Each picture is an icon
 * of the product's kind (seed-data.ts kindIcon) in its colour, on a tinted
 * gradient with a pattern and a band; products of one kind and colour share it.
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
 * Names are deterministic (`belt/8b4513`, `c3`, `s17`) and a picture whose three
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
  /** File name without extension, e.g. 'belt/8b4513' or 'c3'. */
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
  // Kinds of product (seed-data.ts kindIcon): a product's picture shows what it is, not only its sub-category.
  kurta: '<path d="M150 85 L180 78 Q200 100 220 78 L250 85 L300 135 L278 165 L262 150 L268 320 L132 320 L138 150 L122 165 L100 135 Z"/><path d="M200 95 V175" stroke="A" stroke-width="8"/><circle cx="200" cy="125" r="5" fill="A"/><circle cx="200" cy="150" r="5" fill="A"/>',
  trousers: '<path d="M135 80 H265 L285 320 H215 L200 170 L185 320 H115 Z"/><rect x="135" y="80" width="130" height="22" fill="D"/><path d="M160 105 Q170 130 150 140 M240 105 Q230 130 250 140" fill="none" stroke="L" stroke-width="5"/>',
  cloth: '<rect x="95" y="230" width="210" height="55" rx="10"/><rect x="105" y="180" width="190" height="55" rx="10" fill="A"/><rect x="115" y="130" width="170" height="55" rx="10"/><path d="M115 157 H285 M105 207 H295 M95 257 H305" stroke="L" stroke-width="5"/>',
  wallet: '<rect x="90" y="130" width="220" height="150" rx="16"/><path d="M90 160 H310" stroke="D" stroke-width="6"/><rect x="240" y="185" width="80" height="50" rx="10" fill="A"/><circle cx="262" cy="210" r="9" fill="L"/>',
  belt: '<path d="M60 180 H340 V222 H60 Z"/><rect x="160" y="165" width="80" height="72" rx="8" fill="none" stroke="A" stroke-width="14"/><path d="M200 178 V224" stroke="A" stroke-width="8"/><circle cx="280" cy="201" r="6" fill="D"/><circle cx="310" cy="201" r="6" fill="D"/>',
  tie: '<path d="M178 80 H222 L232 110 L212 125 Z" fill="A"/><path d="M188 122 H212 L245 275 L200 320 L155 275 Z"/><path d="M175 80 L168 110 L188 125 L178 80 Z" fill="A"/><path d="M180 180 L225 160 M176 230 L232 205" stroke="L" stroke-width="7"/>',
  cap: '<path d="M100 230 Q100 120 200 115 Q300 120 300 230 Z"/><path d="M280 222 Q350 230 350 255 L250 255 Z" fill="D"/><circle cx="200" cy="112" r="12" fill="A"/><path d="M200 120 V228 M150 135 Q140 190 145 228 M250 135 Q260 190 255 228" fill="none" stroke="L" stroke-width="5"/>',
  tin: '<rect x="125" y="110" width="150" height="200" rx="14"/><ellipse cx="200" cy="110" rx="75" ry="18" fill="D"/><rect x="125" y="170" width="150" height="80" fill="L"/><circle cx="200" cy="210" r="26" fill="A"/>',
  carton: '<path d="M140 140 L200 110 L260 140 V315 H140 Z"/><path d="M160 80 H240 L260 140 H140 Z" fill="L"/><rect x="225" y="60" width="14" height="40" fill="A"/><rect x="155" y="190" width="90" height="70" rx="8" fill="A"/>',
  toycar: '<path d="M80 250 V210 Q85 195 105 192 L150 150 H255 L300 192 Q322 196 322 215 V250 Z"/><path d="M163 162 H200 V192 H138 Z M212 162 H248 L278 192 H212 Z" fill="L"/><circle cx="135" cy="255" r="30" fill="D"/><circle cx="270" cy="255" r="30" fill="D"/><circle cx="135" cy="255" r="12" fill="L"/><circle cx="270" cy="255" r="12" fill="L"/>',
  doll: '<circle cx="200" cy="115" r="40" fill="L"/><path d="M158 110 Q160 62 200 62 Q242 62 242 110 Q230 85 200 84 Q170 85 158 110 Z" fill="D"/><path d="M170 160 H230 L280 310 H120 Z"/><path d="M170 170 L125 235 M230 170 L275 235" stroke="L" stroke-width="14" stroke-linecap="round"/><circle cx="186" cy="115" r="5" fill="D"/><circle cx="214" cy="115" r="5" fill="D"/>',
  boardgame: '<rect x="85" y="95" width="230" height="230" rx="12"/><rect x="85" y="95" width="95" height="95" fill="A"/><rect x="220" y="230" width="95" height="95" fill="L"/><rect x="175" y="175" width="60" height="60" rx="10" fill="L"/><circle cx="192" cy="192" r="7" fill="D"/><circle cx="218" cy="218" r="7" fill="D"/>',
  book: '<rect x="120" y="80" width="170" height="240" rx="10"/><rect x="108" y="80" width="30" height="240" rx="8" fill="D"/><rect x="160" y="120" width="100" height="40" rx="6" fill="L"/><path d="M160 200 H260 M160 230 H260 M160 260 H230" stroke="L" stroke-width="7"/>',
  tube: '<path d="M160 110 H240 L255 300 H145 Z"/><rect x="180" y="72" width="40" height="42" rx="6" fill="A"/><path d="M140 300 H260" stroke="D" stroke-width="14"/><rect x="170" y="170" width="60" height="80" rx="8" fill="L"/>',
  mouse: '<path d="M200 90 Q280 90 280 190 V240 Q280 320 200 320 Q120 320 120 240 V190 Q120 90 200 90 Z"/><path d="M120 190 H280 M200 90 V190" stroke="D" stroke-width="6" fill="none"/><rect x="190" y="120" width="20" height="40" rx="10" fill="A"/>',
  keyboard: '<rect x="60" y="140" width="280" height="130" rx="14"/><g fill="L"><rect x="80" y="160" width="30" height="24" rx="4"/><rect x="120" y="160" width="30" height="24" rx="4"/><rect x="160" y="160" width="30" height="24" rx="4"/><rect x="200" y="160" width="30" height="24" rx="4"/><rect x="240" y="160" width="30" height="24" rx="4"/><rect x="280" y="160" width="40" height="24" rx="4"/><rect x="80" y="195" width="40" height="24" rx="4"/><rect x="130" y="195" width="30" height="24" rx="4"/><rect x="170" y="195" width="30" height="24" rx="4"/><rect x="210" y="195" width="30" height="24" rx="4"/><rect x="250" y="195" width="70" height="24" rx="4"/></g><rect x="130" y="230" width="140" height="24" rx="4" fill="A"/>',
  router: '<rect x="80" y="220" width="240" height="70" rx="14"/><path d="M120 220 L100 110 M200 220 V95 M280 220 L300 110" stroke="D" stroke-width="12" stroke-linecap="round"/><circle cx="130" cy="255" r="8" fill="A"/><circle cx="160" cy="255" r="8" fill="A"/><circle cx="190" cy="255" r="8" fill="L"/>',
  monitor: '<rect x="70" y="80" width="260" height="170" rx="12"/><rect x="84" y="94" width="232" height="142" rx="4" fill="L"/><path d="M185 250 L175 300 H225 L215 250 Z" fill="D"/><rect x="140" y="298" width="120" height="16" rx="6" fill="D"/>',
  drive: '<rect x="110" y="120" width="180" height="180" rx="18"/><rect x="130" y="140" width="140" height="100" rx="8" fill="L"/><circle cx="200" cy="190" r="30" fill="A"/><circle cx="260" cy="275" r="8" fill="A"/>',
  speaker: '<rect x="110" y="80" width="180" height="240" rx="20"/><circle cx="200" cy="240" r="50" fill="D"/><circle cx="200" cy="240" r="22" fill="A"/><circle cx="200" cy="135" r="25" fill="D"/><circle cx="200" cy="135" r="10" fill="L"/>',
  ac: '<rect x="55" y="130" width="290" height="110" rx="18"/><path d="M80 205 H320" stroke="D" stroke-width="6"/><path d="M90 222 H310" stroke="L" stroke-width="6"/><circle cx="300" cy="160" r="7" fill="A"/><path d="M130 265 Q140 290 125 310 M200 265 Q210 290 195 310 M270 265 Q280 290 265 310" fill="none" stroke="A" stroke-width="7"/>',
  fan: '<circle cx="200" cy="180" r="95" fill="L"/><g fill="A"><path d="M200 180 Q170 100 200 92 Q235 100 200 180 Z"/><path d="M200 180 Q280 170 282 200 Q272 232 200 180 Z"/><path d="M200 180 Q150 245 125 225 Q120 195 200 180 Z"/></g><circle cx="200" cy="180" r="95" fill="none" stroke="D" stroke-width="10"/><circle cx="200" cy="180" r="16"/><path d="M200 275 V320 H150 H250" fill="none" stroke="D" stroke-width="14"/>',
  washer: '<rect x="105" y="70" width="190" height="250" rx="16"/><rect x="105" y="70" width="190" height="45" rx="16" fill="D"/><circle cx="200" cy="210" r="70" fill="L"/><circle cx="200" cy="210" r="48" fill="A"/><circle cx="255" cy="92" r="9" fill="L"/>',
  microwave: '<rect x="60" y="110" width="280" height="180" rx="14"/><rect x="82" y="132" width="170" height="136" rx="8" fill="L"/><rect x="268" y="132" width="50" height="136" rx="6" fill="D"/><circle cx="293" cy="165" r="10" fill="A"/><circle cx="293" cy="205" r="10" fill="A"/>',
  powerbank: '<rect x="130" y="70" width="140" height="260" rx="20"/><rect x="180" y="58" width="40" height="16" rx="4" fill="D"/><path d="M215 140 L175 210 H205 L185 270 L230 195 H200 Z" fill="A"/><circle cx="160" cy="305" r="6" fill="L"/><circle cx="180" cy="305" r="6" fill="L"/>',
  pan: '<ellipse cx="170" cy="220" rx="105" ry="70"/><ellipse cx="170" cy="210" rx="85" ry="50" fill="D"/><path d="M268 200 L350 165" stroke="A" stroke-width="24" stroke-linecap="round"/>',
  kettle: '<path d="M130 300 L145 150 Q150 120 200 118 Q250 120 255 150 L270 300 Z"/><path d="M150 150 Q200 60 250 150" fill="none" stroke="D" stroke-width="14"/><path d="M145 180 L90 150 L100 140 L148 160" fill="D"/><rect x="120" y="295" width="160" height="20" rx="6" fill="A"/>',
  stove: '<rect x="60" y="180" width="280" height="110" rx="14"/><ellipse cx="135" cy="180" rx="55" ry="14" fill="D"/><ellipse cx="265" cy="180" rx="55" ry="14" fill="D"/><path d="M120 168 Q135 130 150 168 M250 168 Q265 130 280 168" fill="A"/><circle cx="135" cy="240" r="14" fill="L"/><circle cx="265" cy="240" r="14" fill="L"/>',
  plate: '<ellipse cx="200" cy="230" rx="145" ry="70" fill="L"/><ellipse cx="200" cy="225" rx="145" ry="70"/><ellipse cx="200" cy="222" rx="95" ry="42" fill="L"/><path d="M100 150 Q120 110 170 110 H230 Q280 110 300 150" fill="none" stroke="A" stroke-width="10"/>',
  jug: '<path d="M140 110 H255 L265 300 Q265 315 250 315 H150 Q135 315 135 300 Z" fill="L"/><path d="M140 190 H262 L265 300 Q265 315 250 315 H150 Q135 315 135 300 Z"/><path d="M255 140 Q320 150 310 220 Q300 260 262 260" fill="none" stroke="D" stroke-width="12"/><path d="M140 110 L120 95" stroke="D" stroke-width="10"/>',
  pillow: '<path d="M80 140 Q200 110 320 140 Q340 210 320 280 Q200 310 80 280 Q60 210 80 140 Z"/><path d="M110 170 Q200 150 290 170" fill="none" stroke="L" stroke-width="6"/><circle cx="200" cy="212" r="22" fill="A"/>',
  clock: '<circle cx="200" cy="200" r="120"/><circle cx="200" cy="200" r="98" fill="L"/><path d="M200 200 V130 M200 200 L250 225" stroke="D" stroke-width="10" stroke-linecap="round"/><g fill="A"><circle cx="200" cy="118" r="7"/><circle cx="282" cy="200" r="7"/><circle cx="200" cy="282" r="7"/><circle cx="118" cy="200" r="7"/></g>',
  frame: '<rect x="90" y="85" width="220" height="230" rx="8"/><rect x="115" y="110" width="170" height="180" fill="L"/><path d="M115 290 L170 210 L210 255 L240 225 L285 290 Z" fill="A"/><circle cx="240" cy="150" r="16" fill="A"/>',
  basket: '<path d="M80 170 H320 L290 310 H110 Z"/><path d="M120 170 Q200 60 280 170" fill="none" stroke="D" stroke-width="12"/><path d="M100 210 H300 M106 250 H294 M110 290 H290" stroke="L" stroke-width="7"/><path d="M150 170 L160 310 M200 170 V310 M250 170 L240 310" stroke="D" stroke-width="5"/>',
  bucket: '<path d="M110 140 H290 L265 315 H135 Z"/><ellipse cx="200" cy="140" rx="90" ry="20" fill="D"/><path d="M112 150 Q200 40 288 150" fill="none" stroke="D" stroke-width="8"/><path d="M125 200 H275" stroke="L" stroke-width="10"/>',
  switch: '<rect x="90" y="100" width="220" height="200" rx="18" fill="L"/><rect x="90" y="100" width="220" height="200" rx="18" fill="none" stroke="D" stroke-width="6"/><rect x="115" y="130" width="75" height="140" rx="10"/><rect x="210" y="130" width="75" height="140" rx="10"/><rect x="135" y="150" width="35" height="20" rx="4" fill="A"/><rect x="230" y="150" width="35" height="20" rx="4" fill="A"/>',
  cable: '<circle cx="200" cy="200" r="110"/><circle cx="200" cy="200" r="80" fill="none" stroke="L" stroke-width="6"/><circle cx="200" cy="200" r="50" fill="none" stroke="L" stroke-width="6"/><circle cx="200" cy="200" r="22" fill="D"/><path d="M300 240 Q340 280 330 330" fill="none" stroke="A" stroke-width="14"/>',
  paintcan: '<rect x="110" y="130" width="180" height="180" rx="12"/><ellipse cx="200" cy="130" rx="90" ry="20" fill="D"/><path d="M112 135 Q200 50 288 135" fill="none" stroke="D" stroke-width="8"/><path d="M110 150 Q140 190 160 150 Q180 200 210 150 Q240 185 290 150 V160 H110 Z" fill="A"/><rect x="140" y="200" width="120" height="70" rx="8" fill="L"/>',
  padlock: '<path d="M145 190 V140 Q145 85 200 85 Q255 85 255 140 V190" fill="none" stroke="D" stroke-width="22"/><rect x="115" y="180" width="170" height="140" rx="18"/><circle cx="200" cy="240" r="16" fill="D"/><rect x="194" y="245" width="12" height="40" fill="D"/>',
  wateringcan: '<path d="M130 170 H260 L250 310 H140 Z"/><path d="M255 200 L335 130" stroke="D" stroke-width="16"/><rect x="320" y="112" width="30" height="30" rx="6" fill="A"/><path d="M150 170 Q195 100 240 170" fill="none" stroke="D" stroke-width="12"/>',
  tank: '<rect x="110" y="90" width="180" height="230" rx="30"/><ellipse cx="200" cy="92" rx="90" ry="22" fill="D"/><rect x="180" y="66" width="40" height="22" rx="5" fill="A"/><path d="M110 150 H290 M110 210 H290 M110 270 H290" stroke="L" stroke-width="6"/>',
  toilet: '<rect x="110" y="70" width="110" height="120" rx="12"/><path d="M100 190 H300 Q300 250 240 260 L230 320 H150 L160 260 Q100 250 100 190 Z"/><ellipse cx="200" cy="195" rx="95" ry="18" fill="L"/><rect x="190" y="85" width="20" height="10" rx="3" fill="A"/>',
  nailpolish: '<rect x="140" y="190" width="120" height="130" rx="22"/><rect x="170" y="90" width="60" height="105" rx="8" fill="D"/><rect x="160" y="220" width="30" height="70" rx="10" fill="L"/>',
  wrench: '<g transform="rotate(-40 200 200)"><rect x="180" y="150" width="40" height="190" rx="16"/><path d="M145 70 Q200 40 255 70 L255 150 L225 150 L225 95 L175 95 L175 150 L145 150 Z"/></g>',
  screwdriver: '<g transform="rotate(-40 200 200)"><rect x="175" y="60" width="50" height="130" rx="20" fill="A"/><rect x="192" y="190" width="16" height="130"/><path d="M192 320 L200 345 L208 320 Z" fill="D"/></g>',
  saw: '<path d="M80 200 H300 L320 250 H80 Z"/><path d="M80 250 L92 268 L104 250 L116 268 L128 250 L140 268 L152 250 L164 268 L176 250 L188 268 L200 250 L212 268 L224 250 L236 268 L248 250 L260 268 L272 250 L284 268 L296 250 L308 268 L320 250 Z" fill="L"/><path d="M290 160 H350 V260 H310 Z" fill="A"/>',
  candle: '<rect x="150" y="170" width="100" height="150" rx="10"/><path d="M200 160 Q170 120 200 70 Q230 120 200 160 Z" fill="A"/><path d="M200 160 V175" stroke="D" stroke-width="5"/><path d="M160 190 Q165 215 158 235" fill="none" stroke="L" stroke-width="8"/>',
  fairylights: '<path d="M60 120 Q130 190 200 120 Q270 190 340 120" fill="none" stroke="D" stroke-width="6"/><path d="M60 220 Q130 290 200 220 Q270 290 340 220" fill="none" stroke="D" stroke-width="6"/><g><circle cx="95" cy="158" r="14"/><circle cx="165" cy="158" r="14" fill="A"/><circle cx="235" cy="158" r="14"/><circle cx="305" cy="158" r="14" fill="A"/><circle cx="95" cy="258" r="14" fill="A"/><circle cx="165" cy="258" r="14"/><circle cx="235" cy="258" r="14" fill="A"/><circle cx="305" cy="258" r="14"/></g>',
  compact: '<circle cx="200" cy="215" r="100"/><circle cx="200" cy="215" r="70" fill="L"/><path d="M110 170 Q200 90 290 170" fill="none" stroke="D" stroke-width="10"/><circle cx="200" cy="215" r="30" fill="A"/>',
  cake: '<rect x="100" y="200" width="200" height="110" rx="10"/><path d="M100 200 Q125 235 150 200 Q175 235 200 200 Q225 235 250 200 Q275 235 300 200 V185 H100 Z" fill="L"/><rect x="194" y="130" width="12" height="55" fill="A"/><path d="M200 128 Q188 110 200 92 Q212 110 200 128 Z" fill="A"/>',
  mat: '<rect x="90" y="90" width="220" height="230" rx="8"/><rect x="115" y="115" width="170" height="180" fill="none" stroke="L" stroke-width="8"/><path d="M200 140 Q240 180 240 230 H160 Q160 180 200 140 Z" fill="A"/><path d="M90 320 V340 M120 320 V340 M150 320 V340 M180 320 V340 M210 320 V340 M240 320 V340 M270 320 V340 M300 320 V340" stroke="D" stroke-width="5"/>',
  beads: '<g><circle cx="200" cy="95" r="16"/><circle cx="262" cy="115" r="16"/><circle cx="300" cy="165" r="16"/><circle cx="305" cy="225" r="16"/><circle cx="270" cy="272" r="16"/><circle cx="138" cy="115" r="16"/><circle cx="100" cy="165" r="16"/><circle cx="95" cy="225" r="16"/><circle cx="130" cy="272" r="16"/></g><path d="M200 290 V320" stroke="D" stroke-width="6"/><path d="M185 320 H215 L208 350 H192 Z" fill="A"/>',
  handfan: '<path d="M200 250 L90 130 Q200 40 310 130 Z"/><path d="M200 250 L150 95 M200 250 L200 85 M200 250 L250 95 M200 250 L120 115 M200 250 L280 115" stroke="L" stroke-width="5"/><rect x="190" y="245" width="20" height="90" rx="8" fill="D"/>',
  conch: '<path d="M110 230 Q90 140 190 110 Q300 90 320 170 Q330 240 250 280 Q170 310 110 230 Z"/><path d="M150 200 Q200 150 270 170 M160 240 Q220 200 280 215" fill="none" stroke="L" stroke-width="8"/><path d="M300 170 L345 150 L330 195 Z" fill="A"/>',
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
  paintGradient(out, px, c);
  if (pat) lightenBy(out, pat);
  paintIcon(out, icon, spec, c);
  if (!spec.tile) {
    const [s0, s1, s2] = rgb(spec.accent);
    out.fill(Buffer.from([s0, s1, s2]), (px - Math.round((BAND * px) / SIZE)) * px * 3);
  }
  return out;
}

/** Vertical gradient, one colour per row (as librsvg samples it, at pixel centres). */
function paintGradient(out: Buffer, px: number, c: ReturnType<typeof layout>): void {
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
}

/** The pattern: white over the background, by its alpha. */
function lightenBy(out: Buffer, { idx, a }: Layer): void {
  for (let k = 0; k < idx.length; k++) {
    const o = idx[k]! * 3;
    const al = a[k]!;
    out[o] = out[o]! + (((255 - out[o]!) * al + 127) / 255) | 0;
    out[o + 1] = out[o + 1]! + (((255 - out[o + 1]!) * al + 127) / 255) | 0;
    out[o + 2] = out[o + 2]! + (((255 - out[o + 2]!) * al + 127) / 255) | 0;
  }
}

/** The icon, its four weights (main, accent, light, dark) mixed into one colour per pixel. */
function paintIcon(out: Buffer, { idx, a, r, g, b }: Layer, spec: PictureSpec, c: ReturnType<typeof layout>): void {
  const [m0, m1, m2] = rgb(spec.color);
  const [a0, a1, a2] = rgb(spec.accent);
  const [l0, l1, l2] = rgb(c.light);
  const [d0, d1, d2] = rgb(c.dark);
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
  // Product pictures live in one folder per kind (`belt/8b4513`).
  for (const sub of new Set(todo.map((job) => path.dirname(job.name)))) await mkdir(path.join(dir, sub), { recursive: true });

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
