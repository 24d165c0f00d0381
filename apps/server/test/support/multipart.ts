/** A file part: a Buffer alone is sent as `<field>.png`, image/png. */
export interface FilePart {
  data: Buffer;
  filename: string;
  contentType?: string;
}
export type FormValue = string | Buffer | FilePart;
export type FormFields = Record<string, FormValue | FormValue[]>;

/** A multipart/form-data body for `inject`; the API client sends it as is. */
export class Multipart {
  constructor(
    readonly payload: Buffer,
    readonly headers: { 'content-type': string },
  ) {}
}

let boundaries = 0;

/** Multipart form: strings as fields, arrays repeated, Buffers and FileParts as files. */
export function multipart(fields: FormFields): Multipart {
  const boundary = `----haat-test-${++boundaries}-${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const file: FilePart | null = Buffer.isBuffer(v) ? { data: v, filename: `${name}.png`, contentType: 'image/png' } : typeof v === 'string' ? null : v;
      const head = file
        ? `Content-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}`
        : `Content-Disposition: form-data; name="${name}"`;
      parts.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), file ? file.data : Buffer.from(v as string), Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return new Multipart(Buffer.concat(parts), { 'content-type': `multipart/form-data; boundary=${boundary}` });
}
