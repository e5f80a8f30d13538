import { createHash, randomUUID } from 'node:crypto';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { invalid } from '../errors/app-error.ts';
import type { Upload } from '../storage/upload.ts';
import type { Finding } from './findings.ts';
import { runH1Rules } from './h1/index.ts';
import { embeddedPdf, readMismo26 } from './mismo26.reader.ts';
import { openReportPackage, type ReportPackage } from './package.ts';
import { detectReportFormat } from './report-format.ts';
import type { ReportFormat, ReportModel } from './report.model.ts';
import { readUad36 } from './uad36.reader.ts';
import { MalformedXml, parseXml } from './xml-tree.ts';
import { schemaProblems } from './xsd.ts';

/**
 * Reading a submitted report (docs/reports.md, "Intake"): the appraisal XML among the submitted
 * files — bare, or in a UAD 3.6 ZIP package with its PDF and photos — is checked to be whole
 * and valid, and read into the report model. Every way it can fail is a 422 naming the file's
 * field and the problem (the line and element for the schema), before anything is stored.
 */
export interface SubmittedReportFile {
  upload: Upload;
  fileType: string;
  /** The request field the file came in (`files[0].attachment`), for the errors. */
  field: string;
}

export interface ReadReport {
  format: ReportFormat;
  model: ReportModel;
  /** The GSE compliance rules' findings (UAD 3.6 only: the rules are written for it). */
  uadFindings: Finding[];
  /** The XML file of the report (out of the package when it came in one). */
  xml: Upload;
  /** The report's PDF: out of the package, embedded in a 2.6 file, or submitted beside the XML. */
  pdf: Upload | null;
  /** The submitted file that was a package, if one was (it is stored whole, beside the XML and PDF). */
  packageFile: SubmittedReportFile | null;
  /** Deletes what reading extracted to disk. */
  cleanup(): Promise<void>;
}

/** The largest bare XML read (a UAD 3.6 file is typically 150–400 KB; photos go in the package). */
const MOST_XML_BYTES = 30 * 1024 * 1024;

async function startsWithZipSignature(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

/** A reference as the XML writes it (`\\Images\x.png`, `\\report.pdf`) reduced to its file name. */
const baseName = (reference: string) => reference.replace(/\\/g, '/').split('/').filter(Boolean).at(-1) ?? '';

/** The problems of the XSD as one sentence: "line 62, element Bogus: This element is not expected…". */
function schemaMessage(problems: Awaited<ReturnType<typeof schemaProblems>>): string {
  const shown = problems.slice(0, 5).map((problem) => {
    const where = [
      problem.line === null ? null : `line ${problem.line}`,
      problem.element && `element ${problem.element}`,
    ]
      .filter(Boolean)
      .join(', ');
    return where ? `${where}: ${problem.message}` : problem.message;
  });
  const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
  return `does not validate against the UAD 3.6 schema: ${shown.join('; ')}${more}`;
}

/**
 * Reads the report among `files`; null when none of them is an appraisal XML (no appraisal_xml
 * file, or one that is XML of another kind: stored as it is, unread). `directory` is where a
 * package is extracted; `asOf` the day the rules compare with.
 */
export async function readSubmittedReport(
  files: SubmittedReportFile[],
  options: { directory: string; asOf: Date },
): Promise<ReadReport | null> {
  const candidates = files.filter((file) => file.fileType === 'appraisal_xml');
  if (candidates.length === 0) return null;
  if (candidates.length > 1)
    throw invalid(
      candidates[1]!.field,
      'is a second appraisal_xml: submit one report (its XML or its ZIP package) at a time',
    );
  const submitted = candidates[0]!;
  let pack: ReportPackage | null = null;
  const extracted: string[] = [];
  const cleanup = async () => {
    await pack?.remove();
    await Promise.all(extracted.map((path) => rm(path, { force: true })));
  };
  try {
    let xmlUpload = submitted.upload;
    if (await startsWithZipSignature(submitted.upload.path)) {
      pack = await openReportPackage(submitted.upload, {
        field: submitted.field,
        directory: options.directory,
      });
      xmlUpload = pack.xml;
    }
    if (xmlUpload.size > MOST_XML_BYTES)
      throw invalid(
        submitted.field,
        `${pack ? `holds ${xmlUpload.filename}, which ` : ''}is ${xmlUpload.size} bytes; an appraisal XML is at most ${MOST_XML_BYTES} bytes`,
      );
    const text = await readFile(xmlUpload.path, 'utf8');
    let root;
    try {
      root = parseXml(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (error) {
      if (!(error instanceof MalformedXml)) throw error;
      const where = error.line === null ? '' : ` (line ${error.line})`;
      throw invalid(submitted.field, `is not well-formed XML${where}: ${error.message}`);
    }
    const format = detectReportFormat(root);
    if (format === null) {
      if (pack)
        throw invalid(
          submitted.field,
          `holds ${xmlUpload.filename}, which is not a UAD 3.6 or MISMO 2.6 appraisal`,
        );
      return null;
    }
    let model: ReportModel;
    let uadFindings: Finding[] = [];
    let pdf: Upload | null = pack?.pdf ?? null;
    if (format === 'uad_3.6') {
      const problems = await schemaProblems(text);
      if (problems.length > 0) throw invalid(submitted.field, schemaMessage(problems));
      model = readUad36(root);
      uadFindings = runH1Rules(root, options.asOf);
    } else {
      model = readMismo26(root);
      const embedded = embeddedPdf(root);
      if (embedded) {
        const path = join(options.directory, `report-${randomUUID()}.pdf`);
        await writeFile(path, embedded);
        extracted.push(path);
        pdf = {
          field: submitted.field,
          filename: xmlUpload.filename.replace(/\.xml$/i, '') + '.pdf',
          contentType: 'application/pdf',
          path,
          size: embedded.length,
          sha256: createHash('sha256').update(embedded).digest('hex'),
        };
      }
    }
    pdf ??= files.find((file) => file.fileType === 'appraisal_pdf')?.upload ?? null;
    requireReferencedFiles(model, submitted, pack, files);
    return { format, model, uadFindings, xml: xmlUpload, pdf, packageFile: pack ? submitted : null, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Every file the report names must come with it: in its package, or (a bare XML) among the
 * files submitted beside it, by file name. The PDF of a bare XML may be any appraisal_pdf.
 */
function requireReferencedFiles(
  model: ReportModel,
  submitted: SubmittedReportFile,
  pack: ReportPackage | null,
  files: SubmittedReportFile[],
): void {
  const besides = new Set(files.map((file) => baseName(file.upload.filename).toLowerCase()));
  const hasPdf = pack ? pack.pdf !== null : files.some((file) => file.fileType === 'appraisal_pdf');
  const missing: string[] = [];
  for (const reference of model.documents)
    if (pack ? !pack.find(reference) && !hasPdf : !hasPdf && !besides.has(baseName(reference).toLowerCase()))
      missing.push(reference);
  if (pack) for (const photo of model.photos) if (!pack.find(photo.reference)) missing.push(photo.reference);
  if (missing.length === 0) return;
  const shown = missing.slice(0, 5).join(', ');
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
  throw invalid(
    submitted.field,
    pack
      ? `names files the package does not hold: ${shown}${more}`
      : `names files that were not submitted with it: ${shown}${more} (submit the report's PDF as appraisal_pdf, or the whole ZIP package)`,
  );
}
