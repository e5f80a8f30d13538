import { scryptSync, type ScryptOptions } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

/**
 * The password hasher's thread (sessions/password-hasher.ts): scrypt run synchronously here, so
 * that its 128 MiB and tenth of a second per hash take neither the service's thread nor the
 * shared pool of threads that file and DNS work wait on.
 */
interface Job {
  id: number;
  password: string;
  salt: Uint8Array;
  keyBytes: number;
  options: ScryptOptions;
}

parentPort!.on('message', (job: Job) => {
  try {
    const key = scryptSync(job.password, job.salt, job.keyBytes, job.options);
    parentPort!.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
