import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
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
 * file (size and SHA-256 computed on the way) and stands in the body as an upload reference;
 * route handlers resolve references with `resolveUpload(request, reference)`. Temporary files
 * are removed when the response is sent, whatever happened.
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
  await app.register(multipart, {
    limits: {
      fileSize: config.maxFileBytes,
      files: config.maxFilesPerRequest,
      fields: 500,
      fieldSize: 1024 * 1024,
      parts: config.maxFilesPerRequest + 500,
      headerPairs: 200,
    },
  });
  app.decorateRequest('uploads', null);
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    request.uploads = [];
    try {
      request.body = await readParts(request, config);
    } catch (error) {
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

const spoolDirectory = path.join(os.tmpdir(), 'aoms-uploads');

async function readParts(request: FastifyRequest, config: Config): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const acceptsFiles = request.routeOptions.config.uploads === true;
  let total = 0;
  await fs.mkdir(spoolDirectory, { recursive: true });
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      assign(body, part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
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
    await pipeline(
      part.file,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          total += chunk.length;
          if (total > config.maxUploadBytes) {
            done(
              new AppError(
                'payload_too_large',
                `The files of one request may total at most ${config.maxUploadBytes} bytes`,
              ),
            );
            return;
          }
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(file),
    );
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
