import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real images made with sharp, so the upload pipeline decodes what a browser would send. */
export function png(width = 40, height = 30, color = { r: 200, g: 30, b: 60 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}
export const jpeg = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
export const gif = () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }).gif().toBuffer();

/** A PNG whose header claims 20000 × 20000 pixels but whose data is a few bytes: a decompression bomb. */
export function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
