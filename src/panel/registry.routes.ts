import { readFile } from 'node:fs/promises';
import { Type } from 'typebox';
import { AppError } from '../errors/app-error.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { resolveUpload } from '../http/multipart.ts';
import { principalOf } from '../http/request-context.ts';
import { ref } from '../schemas/common.ts';
import { RegistryImport, RegistryImportBody } from './registry.schemas.ts';
import { importRegistryText, registryImports } from './registry.service.ts';

const tags = ['panel'];

/** The ASC National Registry's imports (docs/assignment.md, "The license registry"): operators only. */
export function registerRegistryRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/registry_imports',
    {
      config: { roles: ['operator'] },
      schema: {
        operationId: 'listRegistryImports',
        tags,
        summary: 'The imports of the ASC National Registry, newest first (operators)',
        description: 'The latest 50, each with what it found.',
        response: { 200: Type.Array(ref(RegistryImport), { description: 'Newest first' }) },
      },
    },
    (request) => registryImports(db, principalOf(request).user),
  );
  app.post(
    '/registry_imports',
    {
      config: { roles: ['operator'], uploads: true },
      schema: {
        operationId: 'importRegistry',
        tags,
        summary: "Import the ASC National Registry's export (operators)",
        description:
          'multipart/form-data with the tab-delimited export in `file`. Whole or not at all: a bad file answers 422 naming each bad line (`line 7: EXP_DATE "13/45/2027" is not a date`). A license the registry shows inactive or expired then keeps its appraiser from selection.',
        consumes: ['multipart/form-data'],
        body: ref(RegistryImportBody),
        response: { 201: ref(RegistryImport) },
      },
    },
    async (request, reply) => {
      const upload = resolveUpload(request, request.body.file);
      if (!upload)
        throw new AppError('validation_failed', 'The registry file is missing', [
          { field: 'file', message: 'must be a file part' },
        ]);
      const text = await readFile(upload.path, 'utf8');
      const done = await importRegistryText(db, principalOf(request).user, upload.filename, text);
      return reply.status(201).send(done);
    },
  );
}
