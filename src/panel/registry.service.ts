import { readFile } from 'node:fs/promises';
import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import { parseRegistryFile } from './registry.parse.ts';
import { findImports, importRegistry } from './registry.repository.ts';
import type { RegistryImportView } from './registry.schemas.ts';

/**
 * The ASC National Registry (docs/assignment.md, "The license registry"): its export imported by
 * an operator, from the command line or an upload, whole or not at all. The registry is national
 * data shared by every company on the service, so only operators import it.
 */

function requireOperator(user: AuthUser): void {
  if (user.role !== 'operator')
    throw new AppError('forbidden', 'Only operators import the license registry: every company reads it');
}

/** The most imports one answer lists. */
export const IMPORTS_LISTED = 50;

/** Imports the text of a registry export; a bad file answers 422 naming each bad line, and changes nothing. */
export async function importRegistryText(
  db: Db,
  user: AuthUser,
  fileName: string,
  text: string,
): Promise<RegistryImportView> {
  requireOperator(user);
  const lines = parseRegistryFile(text);
  const importedBy = user.id === 'cli' ? null : user.id;
  const done = await db.transaction().execute((trx) => importRegistry(trx, { fileName, importedBy, lines }));
  return (await registryImports(db, user)).find((row) => row.id === done.id)!;
}

/** A file on disk, as the command line names it. */
export async function importRegistryFile(db: Db, user: AuthUser, path: string): Promise<RegistryImportView> {
  const text = await readFile(path, 'utf8').catch(() => {
    throw new AppError('validation_failed', `Cannot read ${path}`, [
      { field: '--file', message: 'cannot be read' },
    ]);
  });
  return importRegistryText(db, user, path.split('/').pop() ?? path, text);
}

export async function registryImports(db: Db, user: AuthUser): Promise<RegistryImportView[]> {
  requireOperator(user);
  const rows = await findImports(db, IMPORTS_LISTED);
  return rows.map((row) => ({
    id: row.id,
    file_name: row.file_name,
    lines: row.lines,
    added: row.added,
    changed: row.changed,
    unchanged: row.unchanged,
    imported_by:
      row.imported_by !== null && row.imported_by_name !== null
        ? { id: row.imported_by, name: row.imported_by_name }
        : null,
    imported_at: row.created_at.toISOString(),
  }));
}
