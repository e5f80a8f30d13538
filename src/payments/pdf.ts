import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { SERVICE_NAME } from '../mail/templates.ts';

/** Invoice and receipt PDFs: one simple page each, built with pdf-lib (no native code). */
export interface PdfDocumentContent {
  title: string;
  subtitle: string;
  lines: [label: string, value: string][];
  totals: [label: string, value: string][];
  footer?: string;
}

export async function renderPdf(content: PdfDocumentContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title);
  pdf.setProducer(SERVICE_NAME);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const text = (value: string, x: number, y: number, size = 11, font = regular) =>
    page.drawText(toWinAnsi(value), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  const right = (value: string, y: number, size = 11, font = regular) =>
    text(value, 552 - font.widthOfTextAtSize(toWinAnsi(value), size), y, size, font);

  text(SERVICE_NAME, 60, 730, 10);
  text(content.title, 60, 700, 22, bold);
  text(content.subtitle, 60, 680, 11);
  let y = 640;
  for (const [label, value] of content.lines) {
    text(label, 60, y);
    right(value, y);
    y -= 20;
  }
  page.drawLine({ start: { x: 60, y: y + 8 }, end: { x: 552, y: y + 8 }, thickness: 0.5 });
  y -= 12;
  for (const [label, value] of content.totals) {
    text(label, 60, y, 12, bold);
    right(value, y, 12, bold);
    y -= 22;
  }
  if (content.footer) text(content.footer, 60, 80, 9);
  return pdf.save();
}

/** The standard PDF fonts speak WinAnsi: anything else is replaced rather than crashing. */
function toWinAnsi(value: string): string {
  return value.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}
