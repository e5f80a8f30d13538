import { createReadStream } from 'node:fs';
import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError } from '../errors/app-error.ts';
import { partyOf } from '../policy/audience.ts';
import { findReportSubmissions } from '../reports/report-submission.repository.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import { MissingObjectError, type Storage } from '../storage/storage.ts';
import { cachedPhotos } from './report-photo.cache.ts';
import { findPackageFile, findSeenPackages } from './report-photo.repository.ts';

/**
 * A report's photos, read out of the UAD 3.6 package it came in (docs/reports.md, "Photos").
 * Each photo has a signed link of its own, `/files/{package}/photos/{n}`, given only with a
 * submission whose package the reader may download: no one else may see its photos.
 */
export type PhotoLinks = Map<number, string[]>;

/** For each submission whose package the user may see, the signed link of each of its photos, in order. */
export async function photoLinks(
  db: Db,
  links: LinkSigner,
  user: AuthUser,
  orderId: string,
  photoCounts: Map<number, number>,
): Promise<PhotoLinks> {
  const packages = await findSeenPackages(db, orderId, partyOf(user.role));
  const signed = await Promise.all(
    packages.map(
      async (file) =>
        [
          file.submission_no,
          await Promise.all(
            Array.from({ length: photoCounts.get(file.submission_no) ?? 0 }, (_, index) =>
              links.link('files', photoPath(file.id, index + 1)),
            ),
          ),
        ] as const,
    ),
  );
  return new Map(signed);
}

/** The id a photo's link signs: the package and the photo's position, so no link reaches another photo. */
const photoPath = (fileId: string, position: number) => `${fileId}/photos/${position}`;

/**
 * The photo at `position` of the report a stored package holds, through its signed link, read
 * out of the package once and kept for the next request (orders/report-photo.cache.ts). An expired or
 * altered link is a 403; a file that is no package, a position the report does not have or a
 * photo the package does not hold, a 404.
 */
export async function downloadReportPhoto(
  deps: { db: Db; storage: Storage; links: LinkSigner; directory: string },
  fileId: string,
  position: number,
  signed: { expires?: string; signature?: string },
) {
  const verdict = await deps.links.verify(
    'files',
    photoPath(fileId, position),
    signed.expires,
    signed.signature,
  );
  if (verdict !== 'ok')
    throw new AppError(
      'forbidden',
      verdict === 'expired' ? 'This link has expired; ask for a new one' : 'This link is not valid',
    );
  const file = isUuid(fileId) ? await findPackageFile(deps.db, fileId) : undefined;
  if (!file) throw new AppError('not_found', 'The report package no longer exists');
  const submission = (await findReportSubmissions(deps.db, file.order_id)).find(
    (row) => row.submission_no === file.submission_no,
  );
  const photo = submission?.report.photos[position - 1];
  if (!photo)
    throw new AppError(
      'not_found',
      `The report names no photo ${position} (it names ${submission?.report.photos.length ?? 0})`,
    );
  const kept = await cachedPhotos(deps.directory, fileId, submission.report.photos, async () => {
    const stored = await deps.storage.get(file.storage_key).catch((error: unknown) => {
      if (error instanceof MissingObjectError)
        throw new AppError('not_found', "The report package's content is no longer stored");
      throw error;
    });
    return stored.body;
  });
  const cached = kept.get(position);
  if (!cached) throw new AppError('not_found', `The package does not hold ${photo.reference}`);
  return {
    filename: cached.filename,
    contentType: cached.contentType,
    size: cached.size,
    body: createReadStream(cached.path),
  };
}
