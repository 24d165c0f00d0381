import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';
import { nulMessage } from './nul';

/** Longest text field a form may send (the shared schemas' limits are all below it); longer is refused, never cut. */
export const MAX_FIELD_BYTES = 64 * 1024;

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody {
  /** Every text field; repeated names (image, category) keep all values. */
  fields: Record<string, string[]>;
  files: UploadedFile[];
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
}

/**
 * Reads a multipart request fully, enforcing size and count. A file over the
 * limit answers 413 before anything is stored; a text field over
 * MAX_FIELD_BYTES answers 413 (busboy would cut it short); a body that is not
 * valid multipart answers 400.
 */
export async function readMultipart(req: FastifyRequest, limits: MultipartLimits): Promise<MultipartBody> {
  if (!req.isMultipart()) throw new AppError(415, 'Send the form as multipart/form-data.');
  const body: MultipartBody = { fields: {}, files: [] };
  const parts = req.parts({ limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fieldSize: MAX_FIELD_BYTES } });
  try {
    for await (const part of parts) {
      if (part.fieldname.includes('\u0000')) throw badRequest(nulMessage('A field name'));
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0) continue; // an empty file input
        body.files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError(413, `The field ${part.fieldname.slice(0, 50)} is too long (at most ${MAX_FIELD_BYTES / 1024} KB).`);
        }
        const value = String(part.value ?? '');
        if (value.includes('\u0000')) throw badRequest(nulMessage(part.fieldname));
        (body.fields[part.fieldname] ??= []).push(value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, `Each file must be at most ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB.`);
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, `At most ${limits.maxFiles} files can be sent.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(413, 'The form has too many fields.');
    // Anything else the parser throws (no boundary, a cut-off body, bad part headers) is a malformed form.
    throw badRequest('The form could not be read. Please send it again as multipart/form-data.');
  }
  return body;
}

/** The first value of a text field, trimmed; '' when absent. */
export function field(body: MultipartBody, name: string): string {
  return (body.fields[name]?.[0] ?? '').trim();
}

/** Every value of a repeated field (also accepts a JSON array or comma list in one value). */
export function fieldList(body: MultipartBody, name: string): string[] {
  const values = [...(body.fields[name] ?? []), ...(body.fields[`${name}[]`] ?? [])];
  const out: string[] = [];
  for (const v of values) {
    const t = v.trim();
    if (!t) continue;
    if (t.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(t);
        if (Array.isArray(parsed)) {
          out.push(...parsed.map(String).filter(Boolean));
          continue;
        }
      } catch {
        // not JSON: fall through
      }
    }
    out.push(...t.split(',').map((s) => s.trim()).filter(Boolean));
  }
  return [...new Set(out)];
}
