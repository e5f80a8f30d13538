import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedPhotos } from '../../src/orders/report-photo.cache.ts';
import { SF1_XML } from '../reports/sf1-for-order.ts';
import { zip } from '../support/zip-writer.ts';

/**
 * A report's photos are read out of its package once, then served from disk (docs/reports.md,
 * "Photos"): requests at once open the package once, and later ones not at all.
 */
const FRONT = await readFile(new URL('../fixtures/uad/SF1/Images/SF1_DwellingFront.png', import.meta.url));
const PACKAGE = zip([
  { name: 'SF1.xml', data: Buffer.from(SF1_XML) },
  { name: 'Images/SF1_DwellingFront.png', data: FRONT, store: true },
]);
const PHOTOS = [
  { reference: '\\\\Images\\SF1_DwellingFront.png', category: 'DwellingFront', caption: null },
  { reference: '\\\\Images\\SF1_Missing.png', category: 'Kitchen', caption: null },
];
const directory = await mkdtemp(join(tmpdir(), 'photo-cache-'));
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('the photo cache', () => {
  it('opens a package once for requests at once and after, and keeps only what it holds', async () => {
    let fetched = 0;
    const fetch = () => {
      fetched += 1;
      return Promise.resolve(Readable.from([PACKAGE]));
    };
    const id = '0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21';
    const [first, second] = await Promise.all([
      cachedPhotos(directory, id, PHOTOS, fetch),
      cachedPhotos(directory, id, PHOTOS, fetch),
    ]);
    const later = await cachedPhotos(directory, id, PHOTOS, fetch);
    expect(fetched).toBe(1);
    expect(first).toEqual(second);
    expect(later).toEqual(first);
    const front = later.get(1)!;
    expect(front).toMatchObject({
      filename: 'SF1_DwellingFront.png',
      contentType: 'image/png',
      size: FRONT.length,
    });
    expect((await readFile(front.path)).equals(FRONT)).toBe(true);
    expect(later.has(2)).toBe(false);
    // Nothing of the work is left beside the kept photos: no package, no XML.
    expect((await readdir(join(directory, 'report-photos', id))).sort()).toEqual(['1', 'manifest.json']);
  });

  it('keeps no folder when the package cannot be read', async () => {
    const broken = () => Promise.resolve(Readable.from([Buffer.from('not a zip')]));
    await expect(
      cachedPhotos(directory, '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3', PHOTOS, broken),
    ).rejects.toThrow(/not a ZIP file/);
    expect(
      (await readdir(join(directory, 'report-photos'))).filter(
        (name) => name !== '0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21',
      ),
    ).toEqual([]);
  });

  it('keeps the twenty packages read last', async () => {
    const fetch = () => Promise.resolve(Readable.from([PACKAGE]));
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    for (let n = 1; n <= 21; n += 1) {
      await cachedPhotos(directory, id(n), PHOTOS, fetch);
      // Distinct times, for the least recently read to be told apart.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const kept = (await readdir(join(directory, 'report-photos'))).filter((name) => !name.startsWith('.'));
    expect(kept).toHaveLength(20);
    expect(kept).not.toContain(id(1));
    expect(kept).toContain(id(21));
  });
});
