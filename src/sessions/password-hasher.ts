import os from 'node:os';
import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors/app-error.ts';

/**
 * Password hashing on threads and a queue of its own (scrypt.worker.ts): each thread hashes one
 * password at a time, in the order asked, so that a burst of sign-ins never stalls the pool of
 * threads that uploads, downloads and DNS lookups use (Node's scrypt runs there, and four
 * 128 MiB hashes at once would hold every one of its threads). One thread per core but one, so
 * that a core stays with the requests (one thread on a machine of one or two cores, at most
 * four). A full queue answers 503 with Retry-After at once, rather than letting sign-ins pile up.
 */
export interface HashJob {
  password: string;
  salt: Buffer;
  keyBytes: number;
  options: ScryptOptions;
}

/** How many hashes may wait; one more is refused. */
export const MAX_WAITING = 64;

/** The hashing threads: a core left for the service's own thread. */
export const HASH_THREADS = Math.min(4, Math.max(1, os.availableParallelism() - 1));

interface Pending {
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

/** One thread and the jobs it was given. */
interface Thread {
  worker: Worker;
  jobs: Map<number, Pending>;
}

export class PasswordHasher {
  readonly maxWaiting: number;
  readonly #threads: (Thread | null)[];
  #next = 0;

  constructor(maxWaiting = MAX_WAITING, threads = HASH_THREADS) {
    this.maxWaiting = maxWaiting;
    this.#threads = Array.from({ length: threads }, () => null);
  }

  get waiting(): number {
    return this.#threads.reduce((sum, thread) => sum + (thread?.jobs.size ?? 0), 0);
  }

  derive(job: HashJob): Promise<Buffer> {
    if (this.waiting >= this.maxWaiting)
      return Promise.reject(
        new AppError(
          'service_unavailable',
          'Too many sign-ins at this moment: try again in a few seconds',
        ).retryAfter(5),
      );
    const id = this.#next++;
    const thread = this.#leastBusy();
    return new Promise<Buffer>((resolve, reject) => {
      thread.jobs.set(id, { resolve, reject });
      // A thread waiting on no job does not keep the process alive.
      if (thread.jobs.size === 1) thread.worker.ref();
      thread.worker.postMessage({ id, ...job, password: job.password.normalize('NFKC') });
    });
  }

  #leastBusy(): Thread {
    let index = 0;
    for (let i = 0; i < this.#threads.length; i += 1) {
      const size = this.#threads[i]?.jobs.size ?? 0;
      if (size < (this.#threads[index]?.jobs.size ?? 0)) index = i;
      if (size === 0) {
        index = i;
        break;
      }
    }
    return (this.#threads[index] ??= this.#start(index));
  }

  #start(index: number): Thread {
    const worker = new Worker(new URL('./scrypt.worker.ts', import.meta.url));
    const thread: Thread = { worker, jobs: new Map() };
    worker.unref();
    worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const pending = thread.jobs.get(message.id);
      if (!pending) return;
      thread.jobs.delete(message.id);
      if (thread.jobs.size === 0) worker.unref();
      if (message.key) pending.resolve(Buffer.from(message.key));
      else pending.reject(new Error(message.error ?? 'scrypt failed'));
    });
    // A thread that died takes its jobs with it: they fail, and the next job starts a new one.
    const fail = (error: Error) => {
      if (this.#threads[index] !== thread) return;
      this.#threads[index] = null;
      for (const pending of thread.jobs.values()) pending.reject(error);
      thread.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a password thread stopped (${code})`)));
    return thread;
  }
}

export const passwordHasher = new PasswordHasher();
