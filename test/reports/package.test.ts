import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.ts';
import { openReportPackage, type PackageLimits, type ReportPackage } from '../../src/reports/package.ts';
import type { Upload } from '../../src/storage/upload.ts';
import { deflatedZeros, zip, type ZipEntry } from '../support/zip-writer.ts';

/**
 * Opening a UAD 3.6 package (src/reports/package.ts): SF1 whole, then every way a hostile or
 * broken ZIP is refused — each a 422 naming the field and the problem, with nothing left in the
 * extraction directory — and the bombs, refused without putting their bytes on disk.
 */
const FIELD = 'files[0].attachment';
const SF1 = new URL('../fixtures/uad/SF1/', import.meta.url);
const MB = 1024 * 1024;

let scratch: string;
/** Where packages are extracted; each test checks what is left in it. */
let directory: string;
let uploads = 0;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'package-test-'));
  directory = join(scratch, 'extracted');
  await mkdir(directory);
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** The ZIP as an upload spooled to a temporary file, as multipart leaves one. */
async function uploadOf(content: Buffer): Promise<Upload> {
  const path = join(scratch, `upload-${++uploads}.zip`);
  await writeFile(path, content);
  return {
    field: FIELD,
    filename: 'report.zip',
    contentType: 'application/zip',
    path,
    size: content.length,
    sha256: sha256(content),
  };
}

async function openZip(
  archive: ZipEntry[] | Buffer,
  limits?: Partial<PackageLimits>,
): Promise<ReportPackage> {
  const upload = await uploadOf(Buffer.isBuffer(archive) ? archive : zip(archive));
  return openReportPackage(upload, { field: FIELD, directory, limits });
}

/** The refusal's message, once it is shown to be a 422 on the field with the directory left empty. */
async function refusal(archive: ZipEntry[] | Buffer, limits?: Partial<PackageLimits>): Promise<string> {
  const error = await openZip(archive, limits).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.status).toBe(422);
  expect(appError.details).toEqual([{ field: FIELD, message: expect.any(String) }]);
  expect(appError.message.startsWith(`${FIELD} `)).toBe(true);
  expect(await readdir(directory)).toEqual([]);
  return appError.message;
}

/**
 * The bytes written to files while `run` runs: fs.createWriteStream is wrapped for the while
 * (syncBuiltinESMExports carries the wrapper to the module's named import), and each stream's
 * bytesWritten is summed afterwards, refused or not.
 */
async function bytesWrittenDuring(run: () => Promise<unknown>): Promise<number> {
  const original = fs.createWriteStream;
  const streams: fs.WriteStream[] = [];
  fs.createWriteStream = (...args: Parameters<typeof original>) => {
    const stream = original(...args);
    streams.push(stream);
    return stream;
  };
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    fs.createWriteStream = original;
    syncBuiltinESMExports();
  }
  return streams.reduce((sum, stream) => sum + stream.bytesWritten, 0);
}

/** A bomb's refusal, with the bytes it put on disk and the time it took. */
async function bombRefusal(archive: ZipEntry[], limits?: Partial<PackageLimits>) {
  const started = performance.now();
  let message = '';
  const written = await bytesWrittenDuring(async () => {
    message = await refusal(archive, limits);
  });
  return { message, written, milliseconds: performance.now() - started };
}

/** The smallest package that opens: an XML and its PDF. */
const REPORT: ZipEntry[] = [
  { name: 'report.xml', data: Buffer.from('<MESSAGE>the report</MESSAGE>') },
  { name: 'report.pdf', data: Buffer.from('%PDF-1.7 the report') },
];
const photo = (name: string, bytes = 100): ZipEntry => ({ name, data: Buffer.alloc(bytes, 7) });

describe('a package that opens', () => {
  it("opens SF1's whole package, every file as it went in, and finds the photos the XML names", async () => {
    const photoNames = (await readdir(new URL('Images/', SF1))).sort();
    const originals = new Map<string, Buffer>([
      ['SF1_Appraisal_v1.4.xml', await readFile(new URL('SF1_Appraisal_v1.4.xml', SF1))],
      ['SF1_Appraisal_v1.4.pdf', await readFile(new URL('SF1_Appraisal_v1.4.pdf', SF1))],
    ]);
    for (const name of photoNames)
      originals.set(`Images/${name}`, await readFile(new URL(`Images/${name}`, SF1)));
    const entries: ZipEntry[] = [{ name: 'Images/' }];
    for (const [name, data] of originals) entries.push({ name, data });

    const pack = await openZip(entries);

    expect(pack.files).toHaveLength(originals.size);
    for (const [name, data] of originals) {
      const file = pack.files.find((candidate) => candidate.filename === name);
      expect(file, name).toMatchObject({ field: FIELD, size: data.length, sha256: sha256(data) });
      expect((await readFile(file!.path)).equals(data), name).toBe(true);
      expect(file!.path.startsWith(directory)).toBe(true);
    }
    expect(pack.xml).toMatchObject({ filename: 'SF1_Appraisal_v1.4.xml', contentType: 'application/xml' });
    expect(pack.pdf).toMatchObject({ filename: 'SF1_Appraisal_v1.4.pdf', contentType: 'application/pdf' });

    const comp1 = pack.find(String.raw`\\Images\SF1_Comp1.png`);
    expect(comp1).toMatchObject({ filename: 'Images/SF1_Comp1.png', contentType: 'image/png' });
    expect(comp1!.sha256).toBe(sha256(originals.get('Images/SF1_Comp1.png')!));
    // Every file the XML names, as it names it: `SF1_AbsorptionRate.png` is `.PNG` in the package.
    const xml = originals.get('SF1_Appraisal_v1.4.xml')!.toString('utf8');
    const references = [...xml.matchAll(/>(\\\\[^<]+\.(?:png|pdf))</gi)].map((match) => match[1]!);
    expect(new Set(references).size).toBe(photoNames.length + 1);
    for (const reference of references) expect(pack.find(reference), reference).toBeDefined();

    await pack.remove();
    expect(await readdir(directory)).toEqual([]);
  });

  it('finds a reference however it is written, and nothing outside the package', async () => {
    const pack = await openZip([...REPORT, photo('Images/SF1_Comp1.png')]);
    const comp1 = pack.files.find((file) => file.filename === 'Images/SF1_Comp1.png');
    for (const reference of [
      String.raw`\\Images\SF1_Comp1.png`,
      String.raw`\Images\SF1_Comp1.png`,
      'Images/SF1_Comp1.png',
      './Images/SF1_Comp1.png',
      '/images/sf1_comp1.PNG',
      'Images//./SF1_Comp1.png',
    ])
      expect(pack.find(reference), reference).toBe(comp1);
    for (const reference of ['Images/SF1_Comp2.png', '../Images/SF1_Comp1.png', 'SF1_Comp1.png', '', '\\\\'])
      expect(pack.find(reference), reference).toBeUndefined();
    expect(pack.find(String.raw`\\report.pdf`)).toBe(pack.pdf);
  });

  it('skips folders and what macOS adds, and reads backslashed names', async () => {
    const pack = await openZip([
      { name: 'Images/' },
      { name: '__MACOSX/' },
      { name: '__MACOSX/._report.xml', data: Buffer.from('resource fork') },
      { name: '__MACOSX/Images/._a.png', data: Buffer.from('resource fork') },
      { name: '._report.pdf', data: Buffer.from('resource fork') },
      { name: '.DS_Store', data: Buffer.from('finder') },
      { name: 'Images/.DS_Store', data: Buffer.from('finder') },
      ...REPORT,
      photo('Images\\a.png'),
      { name: 'Images/b.JPG', data: Buffer.from('jpeg') },
      { name: 'notes.txt', data: Buffer.from('notes') },
    ]);
    expect(pack.files.map((file) => [file.filename, file.contentType])).toEqual([
      ['report.xml', 'application/xml'],
      ['report.pdf', 'application/pdf'],
      ['Images/a.png', 'image/png'],
      ['Images/b.JPG', 'image/jpeg'],
      ['notes.txt', 'application/octet-stream'],
    ]);
    expect(pack.find(String.raw`\\Images\a.png`)?.filename).toBe('Images/a.png');
  });

  it('resolves references beside the XML when the package was zipped with its folder', async () => {
    const pack = await openZip([
      { name: 'SF1/SF1.xml', data: Buffer.from('<MESSAGE/>') },
      photo('SF1/Images/SF1_Comp1.png'),
    ]);
    expect(pack.pdf).toBeNull();
    expect(pack.find(String.raw`\\Images\SF1_Comp1.png`)?.filename).toBe('SF1/Images/SF1_Comp1.png');
    expect(pack.find('SF1/Images/SF1_Comp1.png')?.filename).toBe('SF1/Images/SF1_Comp1.png');
  });
});

describe('a package refused', () => {
  it('refuses what is not a ZIP', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7 a report, not its package'))).toMatch(/is not a ZIP file/);
    expect(await refusal(Buffer.alloc(0))).toMatch(/is not a ZIP file/);
    // A ZIP behind something else (a self-extracting program, a polyglot) is not a package either.
    expect(await refusal(Buffer.concat([Buffer.from('MZ a program'), zip(REPORT)]))).toMatch(
      /is not a ZIP file/,
    );
  });

  it('refuses a damaged ZIP: cut short, a wrong checksum, data that does not inflate', async () => {
    const whole = zip(REPORT);
    expect(await refusal(whole.subarray(0, whole.length - 30))).toMatch(
      /is a damaged or incomplete ZIP file/,
    );
    expect(await refusal([...REPORT, { ...photo('Images/a.png'), declaredCrc32: 12345 }])).toMatch(
      /is a damaged ZIP file: "Images\/a.png" does not match its checksum/,
    );
    const garbage = { compressed: Buffer.from([0xff, 0xff, 0xff, 0xff]), size: 100, crc32: 0 };
    expect(await refusal([...REPORT, { name: 'Images/a.png', deflated: garbage }])).toMatch(
      /is a damaged ZIP file: "Images\/a.png" cannot be read \(invalid block type\)/,
    );
  });

  it.each([
    ['/etc/cron.d/evil', /"\/etc\/cron.d\/evil", an absolute path/],
    ['\\\\server\\share\\evil.png', /"\/\/server\/share\/evil.png", an absolute path/],
    ['C:\\Windows\\evil.png', /"C:\/Windows\/evil.png", a path with a drive letter/],
    ['c:evil.png', /"c:evil.png", a path with a drive letter/],
    ['../evil.png', /"..\/evil.png", a path with ".." in it/],
    ['Images/../../evil.png', /"Images\/..\/..\/evil.png", a path with ".." in it/],
    ['..\\evil.png', /"..\/evil.png", a path with ".." in it/],
    ['evil.png\u0000.xml', /"evil.png\\u0000.xml", a path with a NUL character/],
    [`${'a'.repeat(252)}.png`, /a path of 256 characters; paths may be at most 255/],
  ])('refuses the path %j', async (name, message) => {
    expect(await refusal([...REPORT, photo(name)])).toMatch(message);
  });

  it('refuses a symbolic link, and any other file that is not plain', async () => {
    const link: ZipEntry = { name: 'Images/a.png', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 };
    expect(await refusal([...REPORT, link])).toMatch(/"Images\/a.png", a symbolic link/);
    const fifo: ZipEntry = { ...photo('Images/b.png'), unixMode: 0o010644 };
    expect(await refusal([...REPORT, fifo])).toMatch(/"Images\/b.png", which is not a plain file/);
  });

  it('refuses an encrypted entry, and one compressed in a way it cannot read', async () => {
    expect(await refusal([...REPORT, { ...photo('Images/a.png'), encrypted: true }])).toMatch(
      /"Images\/a.png", which is encrypted/,
    );
    expect(await refusal([...REPORT, { ...photo('Images/a.png'), method: 14 }])).toMatch(
      /"Images\/a.png", compressed with method 14/,
    );
  });

  it('refuses two entries of the same path, case aside', async () => {
    expect(await refusal([...REPORT, photo('Images/SF1_Comp1.png'), photo('images/sf1_comp1.PNG')])).toMatch(
      /"images\/sf1_comp1.PNG" twice \(also as "Images\/SF1_Comp1.png"\)/,
    );
  });

  it('refuses more than 500 entries', async () => {
    const photos = Array.from({ length: 499 }, (_, n) => photo(`Images/${n}.png`, 1));
    expect(await refusal([...REPORT, ...photos])).toMatch(
      /holds 501 entries; a package may hold at most 500/,
    );
  });

  it('refuses no XML, two XMLs and two PDFs, naming them', async () => {
    expect(await refusal([REPORT[1]!, photo('Images/a.png')])).toMatch(/holds no XML file/);
    expect(await refusal([...REPORT, { name: 'Images/b.XML', data: Buffer.from('<x/>') }])).toMatch(
      /holds 2 XML files \(report.xml, Images\/b.XML\)/,
    );
    expect(await refusal([...REPORT, { name: 'old/report.pdf', data: Buffer.from('%PDF') }])).toMatch(
      /holds 2 PDF files \(report.pdf, old\/report.pdf\)/,
    );
  });

  it('refuses an entry whose real size is not the size it declares, as soon as it shows', async () => {
    const longer = { name: 'Images/a.png', data: Buffer.alloc(10_000, 1), declaredSize: 5000 };
    expect(await refusal([...REPORT, longer])).toMatch(
      /"Images\/a.png", which holds more than the 5000 bytes it declares/,
    );
    const shorter = { name: 'Images/a.png', data: Buffer.alloc(100, 1), store: true, declaredSize: 150 };
    expect(await refusal([...REPORT, shorter])).toMatch(
      /"Images\/a.png", which holds 100 bytes where it declares 150/,
    );
  });
});

describe('a zip bomb refused', () => {
  it('refuses 300 MB of zeros in one entry by its header, writing nothing', async () => {
    const bomb = { name: 'Images/bomb.png', deflated: deflatedZeros(300 * MB) };
    const refused = await bombRefusal([...REPORT, bomb]);
    expect(refused.message).toMatch(
      /"Images\/bomb.png", which expands to 300 MB; one file may be at most 100 MB/,
    );
    expect(refused.written).toBe(0);
    expect(refused.milliseconds).toBeLessThan(1000);
  });

  it('refuses an entry compressed more than 200 to 1, writing nothing', async () => {
    const bomb = { name: 'Images/bomb.png', deflated: deflatedZeros(50 * MB) };
    const refused = await bombRefusal([...REPORT, bomb]);
    expect(refused.message).toMatch(/"Images\/bomb.png", compressed \d+ to 1: more than 200 to 1 is refused/);
    expect(refused.written).toBe(0);
  });

  it('refuses entries that expand beyond 250 MB in all, writing nothing', async () => {
    const bombs = [1, 2, 3].map((n) => ({ name: `Images/${n}.png`, deflated: deflatedZeros(90 * MB) }));
    // The ratio is let through here, for the total to be what refuses.
    const refused = await bombRefusal([...REPORT, ...bombs], { maxCompressionRatio: 5000 });
    expect(refused.message).toMatch(/expands to more than 250 MB in all.*\(passed at "Images\/3.png"\)/);
    expect(refused.written).toBe(0);
  });

  it('stops 300 MB of zeros that declare 1000 bytes at the declared size', async () => {
    const bomb = { name: 'Images/bomb.png', deflated: deflatedZeros(300 * MB), declaredSize: 1000 };
    const refused = await bombRefusal([...REPORT, bomb]);
    expect(refused.message).toMatch(/"Images\/bomb.png", which holds more than the 1000 bytes it declares/);
    // The XML and PDF before it went to disk; of the bomb, at most what it declared.
    const before = REPORT.reduce((sum, entry) => sum + entry.data!.length, 0);
    expect(refused.written).toBeGreaterThanOrEqual(before);
    expect(refused.written).toBeLessThanOrEqual(before + 1000);
    expect(refused.milliseconds).toBeLessThan(1000);
  });

  it('holds to lowered limits', async () => {
    const photos = [photo('Images/a.png', 600), photo('Images/b.png', 600)];
    expect(await refusal([...REPORT, ...photos], { maxTotalBytes: 1000 })).toMatch(
      /expands to more than 1000 bytes in all/,
    );
    expect(await refusal([...REPORT, ...photos], { maxEntryBytes: 500 })).toMatch(
      /"Images\/a.png", which expands to 600 bytes; one file may be at most 500 bytes/,
    );
    expect(await refusal([...REPORT, ...photos], { maxEntries: 3 })).toMatch(/holds 4 entries/);
  });
});
