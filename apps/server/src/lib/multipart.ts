import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

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
 * limit answers 413 before anything is stored.
 */
export async function readMultipart(req: FastifyRequest, limits: MultipartLimits): Promise<MultipartBody> {
  if (!req.isMultipart()) throw new AppError(415, 'Send the form as multipart/form-data.');
  const body: MultipartBody = { fields: {}, files: [] };
  const parts = req.parts({ limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0) continue; // an empty file input
        body.files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        (body.fields[part.fieldname] ??= []).push(String(part.value ?? ''));
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, `Each file must be at most ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB.`);
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, `At most ${limits.maxFiles} files can be sent.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('The form could not be read.');
    throw err;
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
