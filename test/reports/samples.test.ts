import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runH1Rules } from '../../src/reports/h1/index.ts';
import { readSubmittedReport } from '../../src/reports/report-reading.ts';
import { readUad36 } from '../../src/reports/uad36.reader.ts';
import { parseXml } from '../../src/reports/xml-tree.ts';
import { schemaProblems } from '../../src/reports/xsd.ts';
import type { Upload } from '../../src/storage/upload.ts';
import { zip } from '../support/zip-writer.ts';

/**
 * Every GSE sample is accepted as intake reads it: valid against the shipped schema, read into
 * the model, no fatal finding of the compliance rules at a day just after it was signed; and the
 * two whole samples, zipped as appraisal software packages them, read through the package.
 */
const FIXTURES = new URL('../fixtures/uad/', import.meta.url);
const SAMPLES = [
  'SF1/SF1_Appraisal_v1.4.xml',
  'SF5/SF5_Appraisal_v1.2.xml',
  ...readdirSync(new URL('xml/', FIXTURES)).map((name) => `xml/${name}`),
];
const directory = mkdtempSync(join(tmpdir(), 'uad-samples-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The day after the latest date the report was signed or made effective. */
function dayAfterSigning(xml: string): Date {
  const dates = [
    ...xml.matchAll(/<(?:ExecutionDate|AppraisalReportEffectiveDate)>(\d{4}-\d{2}-\d{2})</g),
  ].map((m) => m[1]!);
  const latest = dates.sort().at(-1)!;
  return new Date(new Date(`${latest}T12:00:00Z`).getTime() + 86_400_000);
}

describe('the GSE samples', () => {
  it.each(SAMPLES)('%s validates, reads, and has no fatal finding', async (sample) => {
    const xml = readFileSync(new URL(sample, FIXTURES), 'utf8');
    expect(await schemaProblems(xml)).toEqual([]);
    const root = parseXml(xml);
    const model = readUad36(root);
    expect(model.value).toMatch(/^\d+\.00$/);
    expect(model.effective_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(model.comparables.length).toBeGreaterThanOrEqual(3);
    const fatal = runH1Rules(root, dayAfterSigning(xml)).filter((finding) => finding.severity === 'fatal');
    expect(fatal).toEqual([]);
  });

  it.each(['SF1', 'SF5'])(
    '%s as a whole package reads through the ZIP, every photo present',
    async (name) => {
      const folder = new URL(`${name}/`, FIXTURES);
      const files = readdirSync(folder).filter((file) => file !== 'Images');
      const images = readdirSync(new URL('Images/', folder));
      const bytes = zip([
        ...files.map((file) => ({ name: file, data: readFileSync(new URL(file, folder)) })),
        ...images.map((file) => ({
          name: `Images/${file}`,
          data: readFileSync(new URL(`Images/${file}`, folder)),
          store: true,
        })),
      ]);
      const path = join(directory, `${name}.zip`);
      writeFileSync(path, bytes);
      const upload: Upload = {
        field: 'files[0][attachment]',
        filename: `${name}.zip`,
        contentType: 'application/zip',
        path,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
      const xml = readFileSync(
        new URL(
          files.find((file) => file.endsWith('.xml'))!,
          folder,
        ),
        'utf8',
      );
      const read = await readSubmittedReport(
        [{ upload, fileType: 'appraisal_xml', field: 'files[0].attachment' }],
        {
          directory,
          asOf: dayAfterSigning(xml),
        },
      );
      try {
        expect(read).toMatchObject({ format: 'uad_3.6', packageFile: { upload } });
        expect(read!.pdf?.filename).toMatch(/\.pdf$/);
        expect(read!.model.photos.length).toBeGreaterThan(10);
        expect(read!.uadFindings.filter((finding) => finding.severity === 'fatal')).toEqual([]);
      } finally {
        await read?.cleanup();
      }
    },
  );
});
