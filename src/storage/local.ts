import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MissingObjectError, type Storage } from './storage.ts';

/**
 * Files on local disk under DATA_DIR/files. A file is copied to a temporary name and renamed
 * into place, so a crash mid-copy never leaves a half file under a real key.
 */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'files');
  const pathOf = (key: string): string => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(root + path.sep)) throw new Error(`storage key outside the store: ${key}`);
    return resolved;
  };
  return {
    async putFile(key, sourcePath) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        await fs.copyFile(sourcePath, temporary);
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      const stat = await fs.stat(file).catch((error: unknown) => {
        throw (error as { code?: string }).code === 'ENOENT' ? new MissingObjectError(key) : error;
      });
      return { body: createReadStream(file), size: stat.size };
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
