import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AppInstance } from '../../src/http/app-instance.ts';

/** Builds a multipart/form-data body by hand, the way browsers and HTTP clients send one. */
export interface FilePart {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export type Part = [name: string, value: string | FilePart];

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----aoms${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
export const REPORT_PDF: FilePart = {
  filename: 'report.pdf',
  content: fixture('report.pdf'),
  contentType: 'application/pdf',
};
export const REPORT_XML: FilePart = {
  filename: 'report.xml',
  content: fixture('report.xml'),
  contentType: 'application/xml',
};

export function sendMultipart(
  app: AppInstance,
  method: 'POST' | 'PUT',
  url: string,
  key: string,
  parts: Part[],
  extraHeaders: Record<string, string> = {},
) {
  const { payload, headers } = multipart(parts);
  return app.inject({ method, url, headers: { ...headers, ...extraHeaders, 'X-Api-Key': key }, payload });
}

/** request_submission with the appraisal report, as an appraiser's software sends it. */
export function submitReport(app: AppInstance, key: string, orderId: string) {
  return sendMultipart(app, 'PUT', `/api/v1/orders/${orderId}/request_submission`, key, [
    ['files[][attachment]', REPORT_PDF],
    ['files[][file_type]', 'appraisal_pdf'],
  ]);
}
