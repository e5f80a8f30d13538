import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openReportPackage } from '../reports/package.ts';
import type { ReportPhoto } from '../reports/report.model.ts';

/**
 * A report's photos, read out of its stored package once and kept on disk for the requests that
 * follow (a review page asks for eight at once): `{directory}/report-photos/{package id}/`, one
 * file per photo position and a manifest. A package is opened by one request of the process at a
 * time; processes that race each build their own folder and the last rename wins, harmlessly.
 * At most MAX_PACKAGES are kept, the least recently read removed first.
 */
export interface CachedPhoto {
  filename: string;
  contentType: string;
  size: number;
  path: string;
}

const MAX_PACKAGES = 20;
const building = new Map<string, Promise<Map<number, CachedPhoto>>>();

export async function cachedPhotos(
  directory: string,
  fileId: string,
  photos: readonly ReportPhoto[],
  fetchPackage: () => Promise<Readable>,
): Promise<Map<number, CachedPhoto>> {
  const root = join(directory, 'report-photos');
  const folder = join(root, fileId);
  const kept = await readManifest(folder);
  if (kept) {
    const now = new Date();
    await utimes(folder, now, now).catch(() => undefined);
    return kept;
  }
  let pending = building.get(fileId);
  if (!pending) {
    pending = build(root, folder, photos, fetchPackage).finally(() => building.delete(fileId));
    building.set(fileId, pending);
  }
  return pending;
}

type Manifest = Record<string, Omit<CachedPhoto, 'path'>>;

async function readManifest(folder: string): Promise<Map<number, CachedPhoto> | null> {
  const text = await readFile(join(folder, 'manifest.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  const manifest = JSON.parse(text) as Manifest;
  return new Map(
    Object.entries(manifest).map(([position, photo]) => [
      Number(position),
      { ...photo, path: join(folder, position) },
    ]),
  );
}

async function build(
  root: string,
  folder: string,
  photos: readonly ReportPhoto[],
  fetchPackage: () => Promise<Readable>,
): Promise<Map<number, CachedPhoto>> {
  await mkdir(root, { recursive: true });
  const work = await mkdtemp(join(root, '.building-'));
  try {
    const packagePath = join(work, 'package.zip');
    await pipeline(await fetchPackage(), createWriteStream(packagePath, { flags: 'wx', mode: 0o600 }));
    const { size } = await stat(packagePath);
    const pack = await openReportPackage(
      {
        field: 'photo',
        filename: 'package.zip',
        contentType: 'application/zip',
        path: packagePath,
        size,
        sha256: '',
      },
      { field: 'photo', directory: work },
    );
    const manifest: Manifest = {};
    for (const [index, photo] of photos.entries()) {
      const found = pack.find(photo.reference);
      if (!found) continue;
      await rename(found.path, join(work, String(index + 1)));
      manifest[String(index + 1)] = {
        filename: basename(photo.reference.replace(/\\/g, '/')),
        contentType: found.contentType,
        size: found.size,
      };
    }
    await pack.remove();
    await rm(packagePath, { force: true });
    await writeFile(join(work, 'manifest.json'), JSON.stringify(manifest));
    await rm(folder, { recursive: true, force: true });
    await rename(work, folder);
    await evict(root);
    return (await readManifest(folder))!;
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** Keeps the MAX_PACKAGES folders read last; the others go. */
async function evict(root: string): Promise<void> {
  const names = (await readdir(root)).filter((name) => !name.startsWith('.'));
  if (names.length <= MAX_PACKAGES) return;
  const dated = await Promise.all(
    names.map(async (name) => ({
      name,
      read: (await stat(join(root, name)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  dated.sort((a, b) => a.read - b.read);
  for (const { name } of dated.slice(0, dated.length - MAX_PACKAGES))
    await rm(join(root, name), { recursive: true, force: true });
}
