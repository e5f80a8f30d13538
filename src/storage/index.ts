import type { Config } from '../config/config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export function createStorage(config: Config): Storage {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage)
    : createLocalStorage(config.dataDir);
}
