import { createHash, type Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, invalid } from '../errors/app-error.ts';
import type { Upload } from '../storage/upload.ts';

/**
 * A UAD 3.6 report package (docs/reports.md, "The package, opened safely"): a ZIP holding the
 * MISMO XML, the report's PDF and the photos, opened as the hostile input it may be.
 *
 * Two passes over the ZIP. The first reads only the central directory and decides everything
 * the headers can tell — paths, links, encryption, sizes, ratios, the XML and PDF — so a package
 * refused on its headers costs no disk at all. The second streams each file to disk, counting
 * its bytes, hash and checksum on the way, and stops an entry the moment it outgrows the size
 * it declared: headers are what the first pass trusted, so the second proves them. Entries go
 * to flat numbered files in a private directory, never to the names the archive gives, so no
 * name can reach outside it whatever slipped past the checks. Any refusal deletes the directory.
 */
export interface PackageLimits {
  /** Central directory records, folders and Mac litter included: each costs work to read. */
  maxEntries: number;
  /** The declared uncompressed sizes of the extracted files, together. */
  maxTotalBytes: number;
  /** One file's declared uncompressed size. */
  maxEntryBytes: number;
  /** Uncompressed to compressed, for an entry larger than `compressionRatioFromBytes`. */
  maxCompressionRatio: number;
  /** Below this, any ratio goes: a small blank image or repetitive text compresses far, harmlessly. */
  compressionRatioFromBytes: number;
  /** Characters in an entry's path as the archive writes it. */
  maxPathLength: number;
}

const MB = 1024 * 1024;

/**
 * A package is an XML of 150–400 KB, a PDF of a few MB to a few tens and photos of a few hundred
 * KB each; SF1 is 4 MB in 27 files. The limits leave ample room for a large report with many
 * exhibits and none for a bomb: SF1's XML deflates 9.5 to 1, its PDF 1.6, its photos not at
 * all; 200 to 1 is what zeros and other padding reach.
 */
export const DEFAULT_PACKAGE_LIMITS: Readonly<PackageLimits> = {
  maxEntries: 500,
  maxTotalBytes: 250 * MB,
  maxEntryBytes: 100 * MB,
  maxCompressionRatio: 200,
  compressionRatioFromBytes: 1 * MB,
  maxPathLength: 255,
};

export interface ReportPackage {
  /** Every file extracted, in archive order; `filename` is its normalized path in the package. */
  files: Upload[];
  /** The one XML file. */
  xml: Upload;
  /** The one PDF, or null when the package has none. */
  pdf: Upload | null;
  /**
   * The file a reference names, as an XML writes it (`\\Images\SF1_Comp1.png`): separators
   * either way, leading `\`, `/` and `./` dropped, case ignored. It is looked up beside the XML
   * first, so a package zipped with its enclosing folder still resolves.
   */
  find(reference: string): Upload | undefined;
  /** Deletes the extracted files. */
  remove(): Promise<void>;
}

/** An entry the first pass accepted, for the second to extract. */
interface PlannedFile {
  /** Its position among the central directory's records. */
  index: number;
  /** Its normalized path in the package. */
  name: string;
  compressed: boolean;
  /** As the headers declare them; the second pass holds the entry to both. */
  size: number;
  crc32: number;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

const contentTypeOf = (name: string) =>
  CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';

const NOT_A_ZIP =
  "is not a ZIP file: a UAD 3.6 package is a ZIP holding the report's XML, its PDF and its photos";

/** An entry's name for a message: quoted with control characters escaped, and cut short. */
const shown = (name: string) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);

/** A size for a person: megabytes, or bytes below one (lowered limits in tests). */
const sizeOf = (bytes: number) =>
  bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${bytes} bytes`;

/** A path or reference in the form lookups use: `/` only, no empty or `.` segments, NFC, lower case. */
const lookupKey = (path: string) =>
  path
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/')
    .normalize('NFC')
    .toLowerCase();

export async function openReportPackage(
  upload: Upload,
  options: { field: string; directory: string; limits?: Partial<PackageLimits> },
): Promise<ReportPackage> {
  const { field } = options;
  const limits = withDefaults(options.limits);
  // yauzl would also open a ZIP behind a prefix (a self-extracting program, a polyglot file);
  // no appraisal software writes one, so the file must start as a ZIP does.
  if (!(await startsAsZip(upload.path))) throw invalid(field, NOT_A_ZIP);
  const plan = await planExtraction(upload.path, field, limits);
  const xml = requireOneXml(plan, field);
  const pdf = requireAtMostOnePdf(plan, field);
  await mkdir(options.directory, { recursive: true });
  const folder = await mkdtemp(join(options.directory, 'package-'));
  try {
    const files = await extract(upload.path, plan, folder, field);
    const fileOf = (planned: PlannedFile) => files[plan.indexOf(planned)]!;
    return reportPackage(files, fileOf(xml), pdf ? fileOf(pdf) : null, folder);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

function withDefaults(limits: Partial<PackageLimits> = {}): PackageLimits {
  const given = Object.entries(limits).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_PACKAGE_LIMITS, ...(Object.fromEntries(given) as Partial<PackageLimits>) };
}

/** A local file header first, or the end record alone (an empty archive). */
async function startsAsZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    const signature = bytesRead === 4 ? buffer.readUInt32LE(0) : 0;
    return signature === 0x04034b50 || signature === 0x06054b50;
  } finally {
    await handle.close();
  }
}

/**
 * yauzl's options: names are decoded and checked here (decodeStrings: false), since yauzl's own
 * check ends the read with a terse message and misses NUL and length; sizes are counted here
 * (validateEntrySizes: false), to refuse naming the entry and without trusting the headers.
 */
async function openZip(path: string, field: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(path, { decodeStrings: false, validateEntrySizes: false });
  } catch (error) {
    throw unreadable(error, field, null);
  }
}

/**
 * A failure reading the archive, as the refusal it is: a damaged ZIP, naming the entry being
 * read. An AppError is already one; a failure of the system (a disk error) stays what it is.
 */
function unreadable(error: unknown, field: string, entry: string | null): unknown {
  if (error instanceof AppError) return error;
  if (!(error instanceof Error) || 'syscall' in error) return error;
  if (/strong encryption/i.test(error.message))
    return invalid(
      field,
      `holds an encrypted file${entry === null ? '' : ` (${entry})`}; submit the package without a password`,
    );
  return invalid(
    field,
    entry === null
      ? `is a damaged or incomplete ZIP file and cannot be read (${error.message})`
      : `is a damaged ZIP file: ${entry} cannot be read (${error.message})`,
  );
}

/** The first pass: every central directory record judged by its headers, nothing written. */
async function planExtraction(path: string, field: string, limits: PackageLimits): Promise<PlannedFile[]> {
  const zip = await openZip(path, field);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw invalid(field, `holds ${zip.entryCount} entries; a package may hold at most ${limits.maxEntries}`);
  }
  const plan: PlannedFile[] = [];
  const seen = new Map<string, string>();
  let totalBytes = 0;
  let index = -1;
  try {
    for await (const entry of zip.eachEntry()) {
      index += 1;
      const rawName = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        false,
      );
      const name = safePath(rawName, field, limits);
      if (name === null || isMacLitter(name)) continue;
      if (fileOrDirectory(entry, name, field) === 'directory') continue;
      checkReadable(entry, name, field);
      checkSize(entry, name, field, limits);
      totalBytes += entry.uncompressedSize;
      if (totalBytes > limits.maxTotalBytes)
        throw invalid(
          field,
          `expands to more than ${sizeOf(limits.maxTotalBytes)} in all, the most a package may hold (passed at ${shown(name)})`,
        );
      const key = lookupKey(name);
      const earlier = seen.get(key);
      if (earlier !== undefined)
        throw invalid(
          field,
          `holds ${shown(name)} twice (also as ${shown(earlier)}); names in a package must differ by more than case`,
        );
      seen.set(key, name);
      plan.push({
        index,
        name,
        compressed: entry.compressionMethod === 8,
        size: entry.uncompressedSize,
        crc32: entry.crc32,
      });
    }
  } catch (error) {
    throw unreadable(error, field, `entry ${index + 2} of ${zip.entryCount}`);
  } finally {
    zip.close();
  }
  return plan;
}

/**
 * An entry's path, checked and normalized (`/` separators, no empty or `.` segments); null for
 * a directory. yauzl has turned backslashes into slashes, so `..\x` and `C:\x` are caught too.
 */
function safePath(rawName: string, field: string, limits: PackageLimits): string | null {
  const refuse = (problem: string) => invalid(field, `holds ${shown(rawName)}, ${problem}`);
  if (rawName.length > limits.maxPathLength)
    throw refuse(`a path of ${rawName.length} characters; paths may be at most ${limits.maxPathLength}`);
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f]/.exec(rawName);
  if (control)
    throw refuse(
      control[0] === '\u0000' ? 'a path with a NUL character in it' : 'a path with a control character in it',
    );
  if (rawName.startsWith('/')) throw refuse('an absolute path; paths in a package must be relative to it');
  if (/^[A-Za-z]:/.test(rawName))
    throw refuse('a path with a drive letter; paths in a package must be relative to it');
  const segments = rawName.split('/');
  if (segments.includes('..')) throw refuse('a path with ".." in it, which would point outside the package');
  const kept = segments.filter((segment) => segment !== '' && segment !== '.');
  if (rawName.endsWith('/')) return null;
  if (kept.length === 0) throw refuse('an entry without a name');
  return kept.join('/');
}

/** What macOS's Archive Utility adds: resource forks under __MACOSX/, `._` files and .DS_Store. */
function isMacLitter(name: string): boolean {
  const segments = name.split('/');
  const last = segments.at(-1)!;
  return segments[0] === '__MACOSX' || last.startsWith('._') || last === '.DS_Store';
}

/**
 * Whether an entry is a plain file or a directory, by the Unix file type in the high half of
 * its external attributes; a link or a device is refused. The type is read whatever system the
 * archive says made it: a type that is there is meant, and a forged "made by" must not hide it.
 */
function fileOrDirectory(entry: Entry, name: string, field: string): 'file' | 'directory' {
  const type = (entry.externalFileAttributes >>> 16) & 0o170000;
  if (type === 0 || type === 0o100000) return 'file';
  if (type === 0o040000) return 'directory';
  if (type === 0o120000)
    throw invalid(field, `holds ${shown(name)}, a symbolic link; a package holds only plain files`);
  throw invalid(field, `holds ${shown(name)}, which is not a plain file`);
}

/** Encrypted or compressed other than by deflate, an entry cannot be read (nor checked). */
function checkReadable(entry: Entry, name: string, field: string): void {
  if (entry.isEncrypted())
    throw invalid(field, `holds ${shown(name)}, which is encrypted; submit the package without a password`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw invalid(
      field,
      `holds ${shown(name)}, compressed with method ${entry.compressionMethod}; only stored and deflated files can be read (save the ZIP with standard compression)`,
    );
}

/** The declared sizes against the limits; the second pass makes the real sizes equal them. */
function checkSize(entry: Entry, name: string, field: string, limits: PackageLimits): void {
  const size = entry.uncompressedSize;
  if (size > limits.maxEntryBytes)
    throw invalid(
      field,
      `holds ${shown(name)}, which expands to ${sizeOf(size)}; one file may be at most ${sizeOf(limits.maxEntryBytes)}`,
    );
  if (size > limits.compressionRatioFromBytes && size > limits.maxCompressionRatio * entry.compressedSize) {
    const ratio =
      entry.compressedSize === 0 ? 'from nothing' : `${Math.round(size / entry.compressedSize)} to 1`;
    throw invalid(
      field,
      `holds ${shown(name)}, compressed ${ratio}: more than ${limits.maxCompressionRatio} to 1 is refused as a zip bomb`,
    );
  }
}

function requireOneXml(plan: PlannedFile[], field: string): PlannedFile {
  const xmls = plan.filter((file) => extname(file.name).toLowerCase() === '.xml');
  if (xmls.length === 0)
    throw invalid(field, "holds no XML file: a UAD 3.6 package holds the report's MISMO XML");
  if (xmls.length > 1)
    throw invalid(
      field,
      `holds ${xmls.length} XML files (${listed(xmls)}); a package holds exactly one, the report's`,
    );
  return xmls[0]!;
}

function requireAtMostOnePdf(plan: PlannedFile[], field: string): PlannedFile | null {
  const pdfs = plan.filter((file) => extname(file.name).toLowerCase() === '.pdf');
  if (pdfs.length > 1)
    throw invalid(
      field,
      `holds ${pdfs.length} PDF files (${listed(pdfs)}); a package holds at most one, the report's`,
    );
  return pdfs[0] ?? null;
}

const listed = (files: PlannedFile[]) => {
  const names = files.slice(0, 5).map((file) => file.name);
  return files.length > 5 ? `${names.join(', ')} and ${files.length - 5} more` : names.join(', ');
};

/** The second pass: the planned entries streamed to `folder`, one at a time. */
async function extract(path: string, plan: PlannedFile[], folder: string, field: string): Promise<Upload[]> {
  const files: Upload[] = [];
  if (plan.length === 0) return files;
  const byIndex = new Map(plan.map((planned) => [planned.index, planned]));
  const zip = await openZip(path, field);
  let index = -1;
  try {
    for await (const entry of zip.eachEntry()) {
      index += 1;
      const planned = byIndex.get(index);
      if (planned === undefined) continue;
      const target = join(folder, diskName(files.length, planned.name));
      try {
        files.push(await extractEntry(zip, entry, planned, target, field));
      } catch (error) {
        throw unreadable(error, field, shown(planned.name));
      }
      // The rest of the directory holds nothing to extract; leaving the loop closes the ZIP.
      if (files.length === plan.length) break;
    }
  } catch (error) {
    throw unreadable(error, field, `entry ${index + 2} of ${zip.entryCount}`);
  } finally {
    zip.close();
  }
  return files;
}

/** A numbered name on disk, with the entry's extension when it is a plain one (for tools that look). */
function diskName(position: number, name: string): string {
  const extension = extname(name).toLowerCase();
  return `${String(position + 1).padStart(3, '0')}${/^\.[a-z0-9]{1,8}$/.test(extension) ? extension : ''}`;
}

async function extractEntry(
  zip: ZipFile,
  entry: Entry,
  planned: PlannedFile,
  target: string,
  field: string,
): Promise<Upload> {
  // The raw bytes, inflated here: the inflater is then an ordinary stream that the pipeline
  // destroys (and frees) when the entry is refused midway.
  const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false });
  const meter = new EntryMeter(planned, field);
  await pipeline(
    raw,
    planned.compressed ? createInflateRaw() : new PassThrough(),
    meter,
    createWriteStream(target, { flags: 'wx', mode: 0o600 }),
  );
  return {
    field,
    filename: planned.name,
    contentType: contentTypeOf(planned.name),
    path: target,
    size: meter.bytes,
    sha256: meter.sha256,
  };
}

/**
 * Counts an entry's bytes as they stream, with their SHA-256 and CRC-32. A chunk that would
 * take the entry past its declared size fails the stream before it is written: an entry never
 * puts more on disk than it declared, and the declared sizes are what the limits allowed.
 */
class EntryMeter extends Transform {
  bytes = 0;
  readonly #hash: Hash = createHash('sha256');
  #crc = 0;
  #sha256 = '';
  readonly #planned: PlannedFile;
  readonly #field: string;

  constructor(planned: PlannedFile, field: string) {
    super();
    this.#planned = planned;
    this.#field = field;
  }

  get sha256(): string {
    return this.#sha256;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#planned.size)
      return done(
        this.#refuse(
          `which holds more than the ${this.#planned.size} bytes it declares: the package is damaged or forged`,
        ),
      );
    this.#hash.update(chunk);
    this.#crc = crc32(chunk, this.#crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes < this.#planned.size)
      return done(
        this.#refuse(
          `which holds ${this.bytes} bytes where it declares ${this.#planned.size}: the package is damaged or forged`,
        ),
      );
    if (this.#crc >>> 0 !== this.#planned.crc32 >>> 0)
      return done(
        invalid(
          this.#field,
          `is a damaged ZIP file: ${shown(this.#planned.name)} does not match its checksum (CRC-32)`,
        ),
      );
    this.#sha256 = this.#hash.digest('hex');
    done();
  }

  #refuse(problem: string): AppError {
    return invalid(this.#field, `holds ${shown(this.#planned.name)}, ${problem}`);
  }
}

function reportPackage(files: Upload[], xml: Upload, pdf: Upload | null, folder: string): ReportPackage {
  const byKey = new Map(files.map((file) => [lookupKey(file.filename), file]));
  const xmlFolder = lookupKey(xml.filename).split('/').slice(0, -1).join('/');
  return {
    files,
    xml,
    pdf,
    find(reference) {
      const key = lookupKey(reference);
      if (key === '') return undefined;
      return (xmlFolder === '' ? undefined : byKey.get(`${xmlFolder}/${key}`)) ?? byKey.get(key);
    },
    async remove() {
      await rm(folder, { recursive: true, force: true });
    },
  };
}
