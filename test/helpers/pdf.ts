import { PDFParse } from 'pdf-parse';

/** The text of a PDF, as a reader would extract it; throws if the bytes are not a PDF. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
