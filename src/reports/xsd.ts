import { readFileSync } from 'node:fs';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validation of a UAD 3.6 file against the GSEs' schema (src/reports/uad/SOURCE.md), by libxml2
 * compiled to WebAssembly: no native addon, and it runs in a worker thread, so that the
 * 300–400 ms it takes do not hold up other requests.
 */
const SCHEMA_DIRECTORY = new URL('./uad/xsd/', import.meta.url);
const MAIN_SCHEMA = 'GSE_UAD_3.6.0_v1.3.xsd';
const IMPORTED = ['GSE_UAD_3.6.0_xlink_v1.3.xsd', 'xml.xsd'];

/** The schema files, read once: 1.7 MB that every validation hands to the worker. */
let schemaFiles: { main: XMLFileInfo; preload: XMLFileInfo[] } | null = null;
function schemas() {
  schemaFiles ??= {
    main: { fileName: MAIN_SCHEMA, contents: readFileSync(new URL(MAIN_SCHEMA, SCHEMA_DIRECTORY), 'utf8') },
    preload: IMPORTED.map((fileName) => ({
      fileName,
      contents: readFileSync(new URL(fileName, SCHEMA_DIRECTORY), 'utf8'),
    })),
  };
  return schemaFiles;
}

export interface SchemaProblem {
  line: number | null;
  /** The element the problem is on, when libxml2 names one. */
  element: string | null;
  message: string;
}

/** At most this many validations at once: each worker holds the compiled schema (~60 MB). */
const MOST_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MOST_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** libxml2 says "Element '{namespace}Name': message" or "Element 'Name', attribute 'x': message". */
function problemOf(message: string, line: number | null): SchemaProblem {
  const named =
    /^(?:Schemas validity error : )?Element '(?:\{[^}]*\})?([^']+)'(?:, attribute '([^']+)')?: (.*)$/s.exec(
      message,
    );
  if (!named) return { line, element: null, message: message.trim() };
  const element = named[2] ? `${named[1]}/@${named[2]}` : named[1]!;
  return { line, element, message: named[3]!.replace(/\{[^}]*\}/g, '').trim() };
}

/** The problems the schema finds in `xml` (empty when it is valid), the first 50 at most. */
export async function schemaProblems(xml: string): Promise<SchemaProblem[]> {
  const { main, preload } = schemas();
  const result = await slot(() =>
    validateXML({
      xml: [{ fileName: 'report.xml', contents: xml }],
      schema: [main],
      preload,
      // The compiled schema and a large report need more than the 32 MiB default.
      initialMemoryPages: 4096,
      maxMemoryPages: 16384,
    }),
  );
  if (result.valid) return [];
  return result.errors
    .filter((error) => !/fails to validate$/.test(error.message))
    .slice(0, 50)
    .map((error) => problemOf(error.message, error.loc?.lineNumber ?? null));
}
