import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './processes.ts';

/** An S3-compatible server (s3rver) on loopback, in the test process, with one bucket. */
export interface TestS3 {
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const port = await freePort();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'aoms-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: 'aoms-files' }],
  });
  await server.run();
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'aoms-files',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
