import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, appError } from './errors';

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
async function readMultipart(req: FastifyRequest, limits: MultipartLimits): Promise<MultipartBody> {
  if (!req.isMultipart()) throw appError('MULTIPART_REQUIRED');
  const body: MultipartBody = { fields: {}, files: [] };
  const parts = req.parts({ limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fieldSize: MAX_FIELD_BYTES } });
  try {
    for await (const part of parts) {
      if (part.fieldname.includes('\u0000')) throw appError('NUL_CHARACTER', { field: 'A field name' });
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0) continue; // an empty file input
        body.files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw appError('MULTIPART_FIELD_TOO_LONG', { field: part.fieldname.slice(0, 50), kb: MAX_FIELD_BYTES / 1024 });
        }
        const value = String(part.value ?? '');
        if (value.includes('\u0000')) throw appError('NUL_CHARACTER', { field: part.fieldname });
        (body.fields[part.fieldname] ??= []).push(value);
      }
    }
  } catch (err) {
    throw refusal(err, limits);
  }
  return body;
}

/** What the parser's error means for the sender: an AppError as is, a limit by its name, anything else a malformed form. */
function refusal(err: unknown, limits: MultipartLimits): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return appError('FILE_TOO_LARGE', { mb: Math.round(limits.maxFileBytes / 1024 / 1024) });
  }
  if (code === 'FST_FILES_LIMIT') return appError('TOO_MANY_FILES', { n: limits.maxFiles });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return appError('MULTIPART_TOO_MANY_FIELDS');
  // Anything else the parser throws (no boundary, a cut-off body, bad part headers) is a malformed form.
  return appError('MULTIPART_UNREADABLE');
}

/**
 * A form as a schema reads it: every value sent under each field name, text or
 * file, in the order sent (`name[]` joins `name`, as browsers and axios send lists).
 */
export type FormValues = Record<string, Array<string | UploadedFile>>;

function formValues(body: MultipartBody): FormValues {
  // No prototype: a field named __proto__ or constructor is just a name.
  const values = Object.create(null) as FormValues;
  const add = (name: string, value: string | UploadedFile) => (values[name.endsWith('[]') ? name.slice(0, -2) : name] ??= []).push(value);
  for (const [name, list] of Object.entries(body.fields)) if (!name.endsWith('[]')) for (const v of list) add(name, v);
  for (const [name, list] of Object.entries(body.fields)) if (name.endsWith('[]')) for (const v of list) add(name, v);
  for (const f of body.files) add(f.field, f);
  return values;
}

/**
 * The one way a route reads a multipart form: read it within `limits` (413 /
 * 415 / 400 as readMultipart says), then parse it with `schema`, so the
 * service gets typed input. A failed check is a ZodError: 400 with its message.
 */
export async function readForm<S extends z.ZodType<unknown, Partial<FormValues>>>(req: FastifyRequest, schema: S, limits: MultipartLimits): Promise<z.output<S>> {
  return schema.parse(formValues(await readMultipart(req, limits)));
}

// ---- what one field of a form holds, for form schemas (z.object({ name: form.text, ... }))

const sent = z.array(z.union([z.string(), z.custom<UploadedFile>((v) => typeof v === 'object' && v !== null)])).optional();
const filesIn = (values: Array<string | UploadedFile> | undefined) => (values ?? []).filter((v): v is UploadedFile => typeof v !== 'string');
const texts = (values: Array<string | UploadedFile> | undefined) => (values ?? []).filter((v): v is string => typeof v === 'string');

/** A comma list or a JSON array in one value, or the field repeated: every distinct non-blank item. */
function listOf(values: string[]): string[] {
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

export const form = {
  /** The first text value, trimmed; '' when absent. */
  text: sent.transform((v) => (texts(v)[0] ?? '').trim()),
  /** The first text value, trimmed; undefined only when the field was not sent ('' is a value). */
  sent: sent.transform((v) => (v === undefined ? undefined : (texts(v)[0] ?? '').trim())),
  /** The first text value, trimmed; undefined when blank, so the shared schema's default applies. */
  optional: sent.transform((v) => (texts(v)[0] ?? '').trim() || undefined),
  /** Every item of a list field (see listOf). */
  list: sent.transform((v) => listOf(texts(v))),
  /** A checkbox-like flag: anything but 'false' is true, as is leaving it out. */
  flag: sent.transform((v) => (texts(v)[0] ?? '').trim() !== 'false'),
  /** The files sent under the field (an empty file input sends none). */
  files: sent.transform(filesIn),
  /** Edit forms: the new files, and the text values (a list) naming what to keep. */
  filesAndNames: sent.transform((v) => ({ files: filesIn(v), names: listOf(texts(v)) })),
};
