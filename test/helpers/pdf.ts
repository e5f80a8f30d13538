import { PDFParse } from 'pdf-parse';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF, as a reader would extract it; throws if the bytes are not a PDF. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** A run of text drawn on a page: where it starts and ends (points from the left), and the page's width. */
export interface PlacedText {
  text: string;
  page: number;
  left: number;
  right: number;
  pageWidth: number;
}

/**
 * Every run of text of a PDF with its horizontal extent, read by the same PDF.js that
 * pdf-parse runs on: what a test needs to tell that nothing is drawn off the page.
 */
export async function pdfTextPlaces(bytes: Uint8Array): Promise<PlacedText[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  try {
    const placed: PlacedText[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const [, , pageWidth] = page.view as [number, number, number, number];
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const left = item.transform[4] as number;
        placed.push({ text: item.str, page: number, left, right: left + item.width, pageWidth });
      }
    }
    return placed;
  } finally {
    await document.destroy();
  }
}
