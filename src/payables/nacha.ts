/**
 * A NACHA (ACH) file of credits (docs/money.md, "Payouts"): the file header, one PPD batch of
 * credit entries (22 to a checking account, 32 to a savings account), the batch and file
 * controls with their counts, entry hash and totals, and 9-filled records to a whole block of
 * ten. Every record is 94 characters; names are upper-cased ASCII, cut to their fields. What the
 * bank needs besides (a balancing debit, a prenote) is the originator's bank's to say.
 */
export interface AchOriginator {
  bankName: string;
  routingNumber: string;
  companyName: string;
  companyId: string;
}

export interface AchCredit {
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
  amountCents: bigint;
  /** Shown on the receiver's statement: the appraiser's id with the company. */
  individualId: string;
  name: string;
}

const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase();
const alpha = (text: string, width: number) => ascii(text).slice(0, width).padEnd(width, ' ');
const numeric = (value: bigint | number | string, width: number) => {
  const digits = String(value);
  if (digits.length > width) throw new Error(`${digits} does not fit ${width} digits`);
  return digits.padStart(width, '0');
};
const yymmdd = (day: string) => day.slice(2, 4) + day.slice(5, 7) + day.slice(8, 10);

/** The check digit rule of ABA routing numbers: 3, 7, 1 weights, a multiple of 10. */
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export function nachaFile(input: {
  originator: AchOriginator;
  credits: AchCredit[];
  /** The day the credits settle (YYYY-MM-DD). */
  effectiveOn: string;
  createdAt: Date;
  /** A letter told apart files made on one day (A to Z). */
  fileIdModifier?: string;
  batchNumber: number;
  description?: string;
}): string {
  const { originator, credits } = input;
  const odfi = originator.routingNumber.slice(0, 8);
  const created = input.createdAt.toISOString();
  const records: string[] = [];
  records.push(
    '1' +
      '01' +
      ` ${originator.routingNumber}` +
      ` ${originator.routingNumber}` +
      yymmdd(created.slice(0, 10)) +
      created.slice(11, 13) +
      created.slice(14, 16) +
      (input.fileIdModifier ?? 'A') +
      '094' +
      '10' +
      '1' +
      alpha(originator.bankName, 23) +
      alpha(originator.companyName, 23) +
      alpha('', 8),
  );
  const batch = numeric(input.batchNumber, 7);
  records.push(
    '5' +
      '220' +
      alpha(originator.companyName, 16) +
      alpha('', 20) +
      alpha(originator.companyId, 10) +
      'PPD' +
      alpha(input.description ?? 'APPRAISALS', 10) +
      alpha('', 6) +
      yymmdd(input.effectiveOn) +
      '   ' +
      '1' +
      odfi +
      batch,
  );
  let hash = 0n;
  let total = 0n;
  credits.forEach((credit, index) => {
    hash += BigInt(credit.routingNumber.slice(0, 8));
    total += credit.amountCents;
    records.push(
      '6' +
        (credit.accountType === 'checking' ? '22' : '32') +
        credit.routingNumber +
        alpha(credit.accountNumber, 17) +
        numeric(credit.amountCents, 10) +
        alpha(credit.individualId, 15) +
        alpha(credit.name, 22) +
        '  ' +
        '0' +
        odfi +
        numeric(index + 1, 7),
    );
  });
  const entryHash = numeric(hash % 10_000_000_000n, 10);
  records.push(
    '8' +
      '220' +
      numeric(credits.length, 6) +
      entryHash +
      numeric(0, 12) +
      numeric(total, 12) +
      alpha(originator.companyId, 10) +
      alpha('', 19) +
      alpha('', 6) +
      odfi +
      batch,
  );
  const lines = records.length + 1;
  const blocks = Math.ceil(lines / 10);
  records.push(
    '9' +
      numeric(1, 6) +
      numeric(blocks, 6) +
      numeric(credits.length, 8) +
      entryHash +
      numeric(0, 12) +
      numeric(total, 12) +
      alpha('', 39),
  );
  while (records.length % 10 !== 0) records.push('9'.repeat(94));
  for (const record of records)
    if (record.length !== 94) throw new Error(`a record of ${record.length}: ${record}`);
  return records.join('\r\n') + '\r\n';
}
