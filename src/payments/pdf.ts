import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { SERVICE_NAME } from '../mail/templates.ts';

/**
 * Invoice and receipt PDFs, built with pdf-lib (no native code): US Letter pages whose text
 * always stays inside the margins. Every piece of text goes through `wrap`, which breaks it
 * into lines that fit the width it is given (a word longer than the width is broken too), and
 * the document goes on to a new page when it reaches the bottom margin; nothing is drawn past
 * the right margin, however long a name, an address or a product is.
 */
export interface PdfDocumentContent {
  title: string;
  /** Who issues it: the company's name and address lines. */
  issuer: { name: string; lines: string[] };
  /** The document's own facts (its number, its date), under the title. */
  meta: [label: string, value: string][];
  /** Blocks of text under a heading: who is billed, who paid. */
  blocks: { heading: string; lines: string[] }[];
  /** Label and value rows: the borrower, the loan, the property. */
  facts: [label: string, value: string][];
  /** Tables of amounts: a heading, one row per line, then their totals in bold. */
  tables: AmountTable[];
  notes: string[];
}

export interface AmountTable {
  heading: [label: string, amount: string];
  rows: [label: string, amount: string][];
  totals: [label: string, amount: string][];
}

export const PAGE = { width: 612, height: 792, margin: 54 } as const;
const RIGHT = PAGE.width - PAGE.margin;
const WIDTH = RIGHT - PAGE.margin;
const AMOUNT_COLUMN = 110;
const LABEL_COLUMN = 130;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

export async function renderPdf(content: PdfDocumentContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(toWinAnsi(content.title));
  pdf.setProducer(SERVICE_NAME);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new PageWriter(pdf, fonts);

  writer.paragraph(content.issuer.name, { size: 13, bold: true });
  for (const line of content.issuer.lines) writer.paragraph(line, { size: 10, color: MUTED });
  writer.space(14);
  writer.paragraph(content.title, { size: 22, bold: true });
  writer.space(4);
  for (const [label, value] of content.meta) writer.labelled(label, value);
  for (const block of content.blocks) {
    writer.space(12);
    writer.paragraph(block.heading, { size: 10, bold: true, color: MUTED });
    for (const line of block.lines) writer.paragraph(line);
  }
  if (content.facts.length > 0) writer.space(12);
  for (const [label, value] of content.facts) writer.labelled(label, value);
  for (const table of content.tables) {
    writer.space(16);
    writer.amountRow(table.heading[0], table.heading[1], { bold: true, size: 10, color: MUTED });
    writer.rule();
    for (const [label, amount] of table.rows) writer.amountRow(label, amount);
    if (table.rows.length > 0) writer.rule();
    for (const [label, amount] of table.totals) writer.amountRow(label, amount, { bold: true, size: 12 });
  }
  if (content.notes.length > 0) writer.space(18);
  for (const note of content.notes) {
    writer.paragraph(note, { size: 9, color: MUTED });
    writer.space(4);
  }
  return pdf.save();
}

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

/** Writes down the page, line by line, and turns to a new page at the bottom margin. */
class PageWriter {
  #page: PDFPage;
  #y = PAGE.height - PAGE.margin;
  readonly #pdf: PDFDocument;
  readonly #fonts: { regular: PDFFont; bold: PDFFont };

  constructor(pdf: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }) {
    this.#pdf = pdf;
    this.#fonts = fonts;
    this.#page = pdf.addPage([PAGE.width, PAGE.height]);
  }

  space(points: number): void {
    this.#y -= points;
  }

  paragraph(text: string, style: TextStyle = {}): void {
    const { font, size } = this.#style(style);
    for (const line of wrap(text, font, size, WIDTH))
      this.#line(size, () => this.#draw(line, PAGE.margin, style));
  }

  /** A label in the left column, its value wrapped in the rest of the width. */
  labelled(label: string, value: string): void {
    const size = 10.5;
    const labels = wrap(label, this.#fonts.bold, size, LABEL_COLUMN - 10);
    const values = wrap(value || '-', this.#fonts.regular, size, WIDTH - LABEL_COLUMN);
    for (let i = 0; i < Math.max(labels.length, values.length); i += 1)
      this.#line(size, () => {
        const [left, right] = [labels[i], values[i]];
        if (left) this.#draw(left, PAGE.margin, { size, bold: true });
        if (right) this.#draw(right, PAGE.margin + LABEL_COLUMN, { size });
      });
  }

  /** A description wrapped in the left part, its amount right-aligned on its first line. */
  amountRow(label: string, amount: string, style: TextStyle = {}): void {
    const { font, size } = this.#style(style);
    const lines = wrap(label, font, size, WIDTH - AMOUNT_COLUMN);
    const money = wrap(amount, font, size, AMOUNT_COLUMN - 10);
    for (let i = 0; i < Math.max(lines.length, money.length); i += 1)
      this.#line(size, () => {
        const [left, right] = [lines[i], money[i]];
        if (left) this.#draw(left, PAGE.margin, style);
        if (right) this.#draw(right, RIGHT - font.widthOfTextAtSize(right, size), style);
      });
  }

  rule(): void {
    this.#ensure(8);
    this.#page.drawLine({
      start: { x: PAGE.margin, y: this.#y + 2 },
      end: { x: RIGHT, y: this.#y + 2 },
      thickness: 0.5,
      color: MUTED,
    });
    this.#y -= 8;
  }

  #style(style: TextStyle) {
    return { font: style.bold ? this.#fonts.bold : this.#fonts.regular, size: style.size ?? 10.5 };
  }

  /** One line of `size` points: on a new page if this one is full. */
  #line(size: number, draw: () => void): void {
    this.#ensure(size * 1.45);
    this.#y -= size;
    draw();
    this.#y -= size * 0.45;
  }

  #ensure(height: number): void {
    if (this.#y - height >= PAGE.margin) return;
    this.#page = this.#pdf.addPage([PAGE.width, PAGE.height]);
    this.#y = PAGE.height - PAGE.margin;
  }

  #draw(text: string, x: number, style: TextStyle): void {
    const { font, size } = this.#style(style);
    this.#page.drawText(text, { x, y: this.#y, size, font, color: style.color ?? INK });
  }
}

/**
 * The lines of `text` (already in WinAnsi) that fit `width` points: broken at spaces, and
 * inside a word only when the word alone is wider than the line.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of toWinAnsi(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/**
 * The standard PDF fonts speak WinAnsi: typographic quotes and dashes become their plain
 * forms, anything else outside Latin-1 is replaced rather than crashing.
 */
export function toWinAnsi(value: string): string {
  return value
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}
