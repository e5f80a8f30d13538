import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { AppError } from '../errors/app-error.ts';
import type { Upload } from '../storage/upload.ts';
import { assign } from './rails-params.ts';

/**
 * Multipart bodies become ordinary bodies: fields are decoded the way a Rails-style client
 * writes them (`notes[]`, `files[][attachment]`, `files[0][file_type]`) into the same shape a
 * JSON body would have, so one schema validates both. Each file part is spooled to a temporary
 * file under UPLOAD_TMP_DIR (size and SHA-256 computed on the way) and stands in the body as an
 * upload reference; route handlers resolve references with `resolveUpload(request, reference)`.
 * Temporary files are removed when the response is sent, whatever happened.
 *
 * One budget per request: MAX_UPLOAD_BYTES for everything the multipart body carries (files,
 * fields and the framing between them), counted on the wire as it arrives; within it, fields
 * total at most BODY_LIMIT_BYTES, since they are held in memory as a JSON body would be. Over
 * either, the request answers 413 at once: the rest of the body is read and discarded, never
 * kept, and the connection is closed after the answer, in stages, so that a client still
 * sending receives it (http/lingering-close.ts).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes file parts. */
    uploads?: boolean;
  }
  interface FastifyRequest {
    uploads: Upload[] | null;
  }
}

const REFERENCE = 'upload:';
export const isUploadReference = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(REFERENCE);

export function resolveUpload(request: FastifyRequest, reference: unknown): Upload | null {
  if (!isUploadReference(reference)) return null;
  return request.uploads?.[Number(reference.slice(REFERENCE.length))] ?? null;
}

export async function registerMultipart(app: FastifyInstance, config: Config): Promise<void> {
  const fieldSize = Math.min(1024 * 1024, config.bodyLimitBytes);
  await app.register(multipart, {
    limits: {
      fileSize: config.maxFileBytes,
      files: config.maxFilesPerRequest,
      fields: 500,
      fieldSize,
      parts: config.maxFilesPerRequest + 500,
      headerPairs: 200,
    },
  });
  app.decorateRequest('uploads', null);
  app.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    request.uploads = [];
    try {
      request.body = await readParts(request, config, fieldSize);
    } catch (error) {
      // A body refused before its end is not read on: the client is told to stop sending, and
      // what it still sends is dropped while the answer reaches it.
      if (request.raw.complete !== true) void reply.header('connection', 'close');
      throw asRequestError(error);
    }
  });
  app.addHook('onResponse', async (request) => {
    await removeUploads(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    await removeUploads(request);
  });
}

async function removeUploads(request: FastifyRequest): Promise<void> {
  const uploads = request.uploads ?? [];
  request.uploads = [];
  await Promise.all(uploads.map((u) => fs.rm(u.path, { force: true })));
}

/**
 * Counts a request's bytes as they arrive. Past the budget it stops the multipart parser (the
 * rest of the body is drained and dropped) and `exceeded` rejects, which ends the reading of
 * parts wherever it waits.
 */
class MultipartBudget {
  readonly exceeded: Promise<never>;
  readonly #abort = new AbortController();
  #fieldBytes = 0;
  #fail: (error: AppError) => void = () => undefined;

  readonly #raw: IncomingMessage;
  readonly #limits: { totalBytes: number; fieldBytes: number };

  constructor(raw: IncomingMessage, limits: { totalBytes: number; fieldBytes: number }) {
    this.#raw = raw;
    this.#limits = limits;
    this.exceeded = new Promise<never>((_resolve, reject) => {
      this.#fail = reject;
    });
    // Nobody may be waiting on it when the request ends in time.
    this.exceeded.catch(() => undefined);
    const declared = Number(raw.headers['content-length']);
    if (declared > limits.totalBytes) {
      this.stop(this.#tooLarge());
      return;
    }
    let total = 0;
    const count = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limits.totalBytes) {
        raw.off('data', count);
        this.stop(this.#tooLarge());
      }
    };
    raw.on('data', count);
  }

  /** Aborts what reads the body (a file being spooled). */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** Throws once the fields together exceed their share. */
  countField(name: string, value: string): void {
    this.#fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (this.#fieldBytes > this.#limits.fieldBytes) {
      this.stop(
        new AppError(
          'payload_too_large',
          `The fields of a multipart request may total at most ${this.#limits.fieldBytes} bytes (BODY_LIMIT_BYTES); send files as file parts`,
        ),
      );
    }
    this.throwIfExceeded();
  }

  throwIfExceeded(): void {
    if (this.#abort.signal.aborted) throw this.#abort.signal.reason as AppError;
  }

  stop(error: AppError): void {
    if (this.#abort.signal.aborted) return;
    this.#raw.unpipe();
    this.#raw.resume();
    this.#abort.abort(error);
    this.#fail(error);
  }

  #tooLarge(): AppError {
    return new AppError(
      'payload_too_large',
      `A multipart request may total at most ${this.#limits.totalBytes} bytes (MAX_UPLOAD_BYTES): files, fields and framing`,
    );
  }
}

async function readParts(
  request: FastifyRequest,
  config: Config,
  fieldSize: number,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const acceptsFiles = request.routeOptions.config.uploads === true;
  const spoolDirectory = config.uploadTmpDir;
  await fs.mkdir(spoolDirectory, { recursive: true });
  const budget = new MultipartBudget(request.raw, {
    totalBytes: config.maxUploadBytes,
    fieldBytes: config.bodyLimitBytes,
  });
  // Refused by its Content-Length alone: the parser never starts.
  budget.throwIfExceeded();
  const parts = request.parts();
  for (;;) {
    const next = await Promise.race([parts.next(), budget.exceeded]);
    if (next.done) break;
    const part = next.value;
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      if (part.valueTruncated)
        throw new AppError(
          'payload_too_large',
          `${part.fieldname}: a field may hold at most ${fieldSize} bytes; send files as file parts`,
        );
      budget.countField(part.fieldname, value);
      assign(body, part.fieldname, value);
      continue;
    }
    if (!acceptsFiles) {
      part.file.resume();
      throw new AppError('validation_failed', `${part.fieldname}: this endpoint takes no files`, [
        { field: part.fieldname, message: 'is a file, and this endpoint takes no files' },
      ]);
    }
    const file = path.join(spoolDirectory, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const upload: Upload = {
      field: part.fieldname,
      filename: cleanFilename(part.filename),
      contentType: part.mimetype || 'application/octet-stream',
      path: file,
      size: 0,
      sha256: '',
    };
    request.uploads!.push(upload);
    await Promise.race([
      pipeline(
        part.file,
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            hash.update(chunk);
            done(null, chunk);
          },
        }),
        createWriteStream(file),
        { signal: budget.signal },
      ),
      budget.exceeded,
    ]);
    upload.size = size;
    upload.sha256 = hash.digest('hex');
    assign(body, part.fieldname, `${REFERENCE}${request.uploads!.length - 1}`);
  }
  return body;
}

/** The client's filename, kept only as metadata: no directories, no control characters. */
function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned || 'file';
}

/** A failure while reading the parts: the client's doing, unless the disk failed us. */
function asRequestError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, syscall } = (error ?? {}) as { code?: string; syscall?: string };
  if (syscall) return error;
  return multipartError(code) ?? new AppError('invalid_multipart', 'The multipart body could not be read');
}

/** Fastify multipart errors, as the service's own. */
export function multipartError(code: string | undefined): AppError | null {
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', 'A file is larger than the limit (MAX_FILE_BYTES)');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', 'The request has too many parts');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_NO_FORM_DATA':
      return new AppError('invalid_multipart', 'The multipart body could not be read');
    default:
      return null;
  }
}
