import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web application, built from web/ into dist/web (npm start builds it when its sources
 * changed: scripts/build-web.ts), served by the service on its own port:
 * - /assets/* are the built files, named by their content, so cached for a year; scripts and
 *   styles go brotli- or gzip-compressed to browsers that accept it (the build writes both);
 * - a browser asking for a page (GET, Accept: text/html) outside /api, /auth, /docs and the
 *   signed pages gets the application's index.html, whose router shows the page; `GET /` too
 *   (integrators asking for JSON still get the service index there).
 * Without a build (a checkout where it was never built), the service answers as before.
 */
export const WEB_ROOT = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * Scripts and styles come from this origin only, and the inline scripts of index.html (the
 * first page's reads: web/src/first-reads.ts) by their hash; Mantine sets inline styles, hence
 * style-src.
 */
export function pagePolicy(index: string): string {
  const inline = [...index.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export interface WebApp {
  /** Answers the application's page; false when the request is not for a page. */
  servePage(request: FastifyRequest, reply: FastifyReply): boolean;
}

const NOT_PAGES =
  /^\/(api|auth|sso|docs|openapi\.json|files|pay|invoices|receipts|metrics|healthz|readyz|assets)(\/|$)/;

export const wantsPage = (request: FastifyRequest) =>
  request.method === 'GET' &&
  !NOT_PAGES.test(request.url) &&
  /text\/html/.test(String(request.headers.accept ?? '')) &&
  !/^application\/json/.test(String(request.headers.accept ?? ''));

export async function registerWebApp(app: FastifyInstance): Promise<WebApp | null> {
  const indexFile = path.join(WEB_ROOT, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const index = fs.readFileSync(indexFile);
  const policy = pagePolicy(index.toString('utf8'));
  await app.register(fastifyStatic, {
    root: path.join(WEB_ROOT, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    index: false,
    schemaHide: true,
  });
  return {
    servePage(request, reply) {
      if (!wantsPage(request)) return false;
      void reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', policy)
        .header('x-frame-options', 'DENY')
        .send(index);
      return true;
    },
  };
}
