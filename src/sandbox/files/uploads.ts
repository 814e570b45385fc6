import { Busboy, type BusboyInstance } from '@fastify/busboy';
import type { z } from 'zod';
import { ApiError } from '../envelope.js';
import type { SandboxRequest } from '../router.js';
import { parseBody, ValidationFailure, type ValidationDetail } from '../validation.js';
import { FileTooLarge, type StoredFile } from './file-store.js';

/*
 * multipart/form-data request bodies as the service reads them: text fields plus one file part,
 * the file streamed to the sandbox's file store (never held in memory), problems answered as
 * FastAPI does: 422 with `loc: ["body", <field>]`.
 */

interface UploadOptions<S extends z.ZodType> {
  /** Name of the file part, e.g. `upload` or `file`. */
  fileField: string;
  /** Schema of the text fields (an object schema over their names); defaults to none. */
  fields?: S;
  /** Refuse content that is not a PDF (422 on the file field). */
  pdf?: boolean;
}

interface Upload<F> {
  fields: F;
  file: StoredFile;
}

/** Uploads above this size answer 413; the service supports files well beyond 10 MB. */
const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

/**
 * Reads the request's multipart body. Resolves once the file is on disk and every field is valid;
 * otherwise throws the 422 detail list (the stored file is removed again).
 */
export async function readUpload<S extends z.ZodType = z.ZodType<Record<string, never>>>(
  request: SandboxRequest,
  options: UploadOptions<S>,
): Promise<Upload<z.output<S>>> {
  const { fields, file, problems } = await receive(request, options.fileField);
  const details: ValidationDetail[] = [...problems];
  let parsedFields: z.output<S> = {} as z.output<S>;
  if (options.fields) {
    try {
      parsedFields = parseBody(options.fields, fields);
    } catch (error) {
      if (!(error instanceof ValidationFailure)) throw error;
      details.unshift(...error.detail);
    }
  }
  if (!file && problems.length === 0) {
    details.push({ type: 'missing', loc: ['body', options.fileField], msg: 'Field required', input: null });
  }
  if (file && options.pdf && !file.isPdf) {
    details.push({
      type: 'value_error',
      loc: ['body', options.fileField],
      msg: 'Value error, The file must be a valid PDF.',
      input: file.filename,
    });
  }
  if (details.length > 0) {
    if (file) await request.store.files.remove(file);
    throw new ValidationFailure(details);
  }
  return { fields: parsedFields, file: file as StoredFile };
}

interface Received {
  fields: Record<string, string>;
  file: StoredFile | undefined;
  /** Problems with the file part itself (sent as a text field). */
  problems: ValidationDetail[];
}

async function receive(request: SandboxRequest, fileField: string): Promise<Received> {
  const received: Received = { fields: {}, file: undefined, problems: [] };
  const { incoming, store } = request;
  const contentType = incoming.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    incoming.resume();
    return received;
  }

  let parser: BusboyInstance;
  try {
    parser = Busboy({ headers: { ...incoming.headers, 'content-type': contentType } });
  } catch {
    incoming.resume();
    throw new ApiError(400, 'There was an error parsing the body: the multipart boundary is missing.');
  }
  let writing: Promise<void> | undefined;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      if (name !== fileField || writing) {
        stream.resume();
        return;
      }
      const declared = mimeType || 'application/octet-stream';
      const meta = { filename: filename || 'upload', contentType: declared };
      writing = store.files.write(stream, meta, { maxBytes: MAX_UPLOAD_BYTES }).then((file) => {
        received.file =
          file.isPdf && declared === 'application/octet-stream' ? { ...file, contentType: 'application/pdf' } : file;
      });
      // A failed write (too large, disk) ends the request at once instead of parsing on.
      writing.catch(reject);
    });
    parser.on('field', (name, value) => {
      if (name === fileField) {
        received.problems.push({
          type: 'value_error',
          loc: ['body', fileField],
          msg: "Value error, Expected UploadFile, received: <class 'str'>",
          input: value,
        });
      } else if (!Object.hasOwn(received.fields, name)) {
        received.fields[name] = value;
      }
    });
    parser.on('finish', () => void (writing ?? Promise.resolve()).then(resolve, reject));
    parser.on('error', reject);
    incoming.on('error', reject);
  });
  incoming.pipe(parser);

  try {
    await done;
  } catch (error) {
    incoming.unpipe(parser);
    incoming.resume();
    await writing?.catch(() => undefined);
    if (received.file) await store.files.remove(received.file);
    if (error instanceof FileTooLarge) {
      throw new ApiError(413, `The uploaded file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    }
    throw new ApiError(400, 'There was an error parsing the body.');
  }
  return received;
}
