import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Characters a Content-Disposition filename may not carry as they are (its filename* has them all). */
const CONTENT_DISPOSITION_UNSAFE = /[^\x20-\x7e]|["\\]/g;

/** What may be shown in the browser rather than downloaded: a PDF in its viewer, and raster images (never SVG, which runs script). */
const SHOWN_INLINE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif']);

/**
 * Sends a stored file as an attachment under the name it was uploaded with. `inline` asks for
 * a PDF to open in the browser's own viewer, or a report's photo to show as an image (those
 * types only: nosniff keeps them what they are); the PDF viewer runs
 * apart from the service's origin, and a sandbox or an object-src of 'none' would stop it from
 * loading. Anything else downloads, and opened in a browser anyway (uploaded HTML or SVG) runs in
 * a sandbox: no script, no same-origin access to the service.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { filename: string; contentType: string; size: number | null; body: Readable },
  disposition: 'attachment' | 'inline' | undefined,
) {
  const inline = disposition === 'inline' && SHOWN_INLINE.has(file.contentType);
  const ascii = file.filename.replace(CONTENT_DISPOSITION_UNSAFE, '_');
  void reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (!inline) void reply.header('content-security-policy', "sandbox; default-src 'none'");
  if (file.size !== null) void reply.header('content-length', file.size);
  // A stream: the documented binary content, not a serialized string.
  return reply.send(file.body);
}

export const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * A file the service writes for the asker (a CSV export, an ACH file): downloaded under its name,
 * never kept by a cache (it holds what only the asker may read). Returns the text to send.
 */
export function sendWrittenText(
  reply: FastifyReply,
  contentType: string,
  filename: string,
  text: string,
): string {
  void reply
    .header('content-type', contentType)
    .header(
      'content-disposition',
      `attachment; filename="${filename.replace(CONTENT_DISPOSITION_UNSAFE, '_')}"`,
    )
    .header('cache-control', 'no-store');
  return text;
}

/** A PDF the service drew (a statement, an examiner's evidence): downloaded under its name. */
export function sendWrittenPdf(reply: FastifyReply, filename: string, pdf: Uint8Array) {
  const bytes = Buffer.from(pdf);
  return sendStoredFile(
    reply,
    { filename, contentType: 'application/pdf', size: bytes.length, body: Readable.from([bytes]) },
    'attachment',
  );
}
