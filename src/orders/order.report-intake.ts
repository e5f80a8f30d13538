import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db, Trx } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { invalid } from '../errors/app-error.ts';
import { requireAnswered } from '../reports/report-checks.ts';
import {
  checkSubmittedReport,
  recordReportSubmission,
  type CheckedReport,
} from '../reports/report-intake.service.ts';
import type { SubmittedReportFile } from '../reports/report-reading.ts';
import type { Storage } from '../storage/storage.ts';
import type { Upload } from '../storage/upload.ts';
import type { ReportAnswers, ReportIntake, SubmittedFileReference } from '../workflow/types.ts';

/** The files named by file_id that the reading needs: the XML (or package), and a bare XML's PDF. */
const READ_BY_ID = new Set<SubmittedFileReference['fileTypeSlug']>(['appraisal_xml', 'appraisal_pdf']);

/**
 * request_submission's reading of the report (workflow/types.ts, readReport): the appraisal XML
 * among the submitted files — a part of the request, or a file the appraiser uploaded before —
 * is read and checked (reports/), the submission refused when its findings are not answered.
 * What it extracts to disk is removed by `cleanup` once the action is over.
 */
export class ReportIntakeStep {
  readonly #cleanups: (() => Promise<void>)[] = [];
  readonly #trx: Trx | Db;
  readonly #storage: Storage;
  readonly #directory: string;
  readonly #order: { id: string; userId: string };
  /** Files uploaded before and named by file_id, copied to disk to be read: stored already, never extracted again. */
  readonly #spooled = new Map<Upload, string>();

  constructor(trx: Trx | Db, storage: Storage, directory: string, order: { id: string; userId: string }) {
    this.#trx = trx;
    this.#storage = storage;
    this.#directory = directory;
    this.#order = order;
  }

  /** Reads and checks the report among `files`, refusing nothing for its findings (the pre-check). */
  async check(files: SubmittedFileReference[]): Promise<CheckedReport | null> {
    const readable: SubmittedReportFile[] = [];
    for (const file of files) {
      // A bare XML's PDF named by file_id counts as submitted beside it, as an attachment would.
      const upload =
        file.upload ??
        (READ_BY_ID.has(file.fileTypeSlug) && file.fileId !== null
          ? await this.#spoolUploaded(file.fileId, file.field)
          : null);
      if (upload) readable.push({ upload, fileType: file.fileTypeSlug, field: file.field });
    }
    const checked = await checkSubmittedReport(this.#trx, this.#order.id, readable, {
      directory: this.#directory,
      now: new Date(),
    });
    if (checked) this.#cleanups.push(() => checked.read.cleanup());
    return checked;
  }

  /** Reads and checks the report, and refuses the submission when its findings are not answered. */
  async read(files: SubmittedFileReference[], answers: ReportAnswers): Promise<ReportIntake | null> {
    const checked = await this.check(files);
    if (!checked) return null;
    requireAnswered(checked.findings, answers, checked.settings.allow_fatal_override);
    const { read } = checked;
    const submitted = new Set<Upload | null>([...files.map((file) => file.upload), ...this.#spooled.keys()]);
    const extracted: ReportIntake['extracted'] = [];
    if (read.packageFile) extracted.push({ upload: read.xml, fileTypeSlug: 'appraisal_xml' });
    // The PDF out of a package or out of a 2.6 file is stored as the report's PDF.
    if (read.pdf && !submitted.has(read.pdf))
      extracted.push({ upload: read.pdf, fileTypeSlug: 'appraisal_pdf' });
    return {
      extracted,
      packageUpload: read.packageFile?.upload ?? null,
      packageFileId: read.packageFile ? (this.#spooled.get(read.packageFile.upload) ?? null) : null,
      hasPdf: read.pdf !== null,
      summary: {
        format: read.format,
        value: read.model.value,
        effective_date: read.model.effective_date,
        fatal_count: checked.counts.fatal,
        warning_count: checked.counts.warning,
      },
      record: (submissionNo) =>
        recordReportSubmission(this.#trx, {
          orderId: this.#order.id,
          submissionNo,
          checked,
          answers,
          userId: this.#order.userId,
        }),
    };
  }

  /** A file the appraiser uploaded to the order before, copied to disk to be read. */
  async #spoolUploaded(fileId: string, field: string): Promise<Upload> {
    const row = isUuid(fileId)
      ? await this.#trx
          .selectFrom('order_files')
          .select(['storage_key', 'filename', 'content_type'])
          .where('id', '=', fileId)
          .where('order_id', '=', this.#order.id)
          .where('uploaded_by', '=', this.#order.userId)
          .where('submission_no', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!row) throw invalid(field, 'is not a file you uploaded to this order and have not submitted');
    await mkdir(this.#directory, { recursive: true });
    const path = join(this.#directory, `stored-${randomUUID()}`);
    this.#cleanups.push(() => rm(path, { force: true }));
    const { body } = await this.#storage.get(row.storage_key);
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      body,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(path),
    );
    const upload = {
      field,
      filename: row.filename,
      contentType: row.content_type,
      path,
      size,
      sha256: hash.digest('hex'),
    };
    this.#spooled.set(upload, fileId);
    return upload;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.#cleanups.splice(0).map((cleanup) => cleanup().catch(() => undefined)));
  }
}
