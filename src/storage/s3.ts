import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config/config.ts';
import { MissingObjectError, type Storage } from './storage.ts';

/** Files in an S3-compatible bucket (AWS S3, MinIO, R2, ...). */
export function createS3Storage(config: Extract<StorageConfig, { driver: 's3' }>): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async putFile(key, sourcePath, contentType, size) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const object = await client
        .send(new GetObjectCommand({ Bucket: config.bucket, Key: key }))
        .catch((error: unknown) => {
          const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
          throw name === 'NoSuchKey' || $metadata?.httpStatusCode === 404
            ? new MissingObjectError(key)
            : error;
        });
      return { body: object.Body as Readable, size: object.ContentLength ?? null };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
