import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer the tests receive is checked against the OpenAPI document the app serves: the
 * status must be documented for the operation, the Content-Type must be one it documents, and
 * a JSON body must match the documented schema (a real JSON Schema 2020-12 validator). A
 * mismatch fails the test file (at the latest when its app closes) with what differed. The
 * number of answers checked is written where the summary reporter adds them up.
 */
type Json = Record<string, unknown>;

export interface ContractViolation {
  operation: string;
  status: number;
  problem: string;
}

/**
 * Where the workers of a run leave their counts: named by the run's reporter (which the
 * workers inherit through the environment), else one per checkout.
 */
export const contractDir = () =>
  process.env.AOMS_CONTRACT_DIR ??
  path.join(
    os.tmpdir(),
    `aoms-contract-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)}`,
  );

const pointer = (...segments: string[]) =>
  segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class DocumentContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();

  private readonly document: Json;

  constructor(document: Json) {
    this.document = document;
    ajvFormats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(document, 'openapi.json');
  }

  check(
    method: string,
    route: string,
    status: number,
    contentType: string | undefined,
    body: unknown,
  ): string | null {
    const template = route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const paths = this.document.paths as Record<string, Record<string, Json>>;
    const operation = paths[template]?.[method.toLowerCase()];
    if (!operation) return null; // Not documented (hidden pages, the document itself): nothing to hold it to.
    const responses = operation.responses as Record<string, Json>;
    let base = pointer('paths', template, method.toLowerCase(), 'responses', String(status));
    let response = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    if (!response)
      return `status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`;
    if (typeof response.$ref === 'string') {
      const name = response.$ref.replace('#/components/responses/', '');
      response = ((this.document.components as Json).responses as Record<string, Json>)[name];
      base = pointer('components', 'responses', name);
      if (!response) return `the document refers to a response it does not have: ${name}`;
    }
    const content = response.content as Record<string, Json> | undefined;
    if (!content) return body === undefined || body === '' ? null : `status ${status} documents no body`;
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const mediaType = type in content ? type : '*/*' in content ? '*/*' : null;
    if (!mediaType)
      return `Content-Type ${type || '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`;
    if (mediaType !== 'application/json') return null;
    const key = `${base}/content/${pointer(mediaType)}/schema`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#/${key}` });
      this.validators.set(key, validate);
    }
    if (validate(body)) return null;
    return (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('; ');
  }
}

let checkedInThisProcess = 0;

/**
 * Holds an app's answers to its own document. Call before app.ready(). Violations fail the
 * request's test through the returned list (checked when the app closes).
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): ContractViolation[] {
  const violations: ContractViolation[] = [];
  let contract: DocumentContract | null = null;
  let checked = 0;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route) return payload;
    contract ??= new DocumentContract(app.swagger() as unknown as Json);
    let body: unknown = undefined;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const text = payload.toString();
      const type = String(reply.getHeader('content-type') ?? '');
      try {
        body = type.includes('json') && text !== '' ? JSON.parse(text) : text;
      } catch {
        body = text;
      }
    }
    const problem = contract.check(
      request.method,
      route,
      reply.statusCode,
      reply.getHeader('content-type') as string | undefined,
      body,
    );
    checked += 1;
    if (problem) {
      const violation = { operation: `${request.method} ${route}`, status: reply.statusCode, problem };
      violations.push(violation);
      process.stderr.write(`answer does not match the document: ${JSON.stringify(violation)}\n`);
    }
    return payload;
  });
  app.addHook('onClose', (_instance, done) => {
    checkedInThisProcess += checked;
    fs.mkdirSync(contractDir(), { recursive: true });
    fs.appendFileSync(path.join(contractDir(), `${process.pid}.log`), `${checked}\n`);
    checked = 0;
    if (violations.length === 0) return done();
    done(
      new Error(
        `${violations.length} answers do not match the OpenAPI document:\n` +
          violations
            .slice(0, 20)
            .map((v) => `  ${v.operation} → ${v.status}: ${v.problem}`)
            .join('\n'),
      ),
    );
  });
  return violations;
}

export const answersCheckedInThisProcess = () => checkedInThisProcess;
