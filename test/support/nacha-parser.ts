/**
 * A strict reader of NACHA (ACH) files, written from the format's record layouts, for tests: every
 * record 94 characters, records in their order (1, then 5…8 batches, then 9), fields of the right
 * kind, routing numbers with their check digit, the batch and file controls equal to what the
 * entries add up to, and the file blocked by ten with 9-filled records. It throws on the first
 * thing wrong, naming the line.
 */
export interface ParsedEntry {
  transactionCode: string;
  routingNumber: string;
  accountNumber: string;
  amountCents: bigint;
  individualId: string;
  name: string;
  traceNumber: string;
}

export interface ParsedFile {
  immediateDestination: string;
  immediateOrigin: string;
  batches: {
    serviceClass: string;
    companyName: string;
    companyId: string;
    secCode: string;
    effectiveDate: string;
    entries: ParsedEntry[];
    totalCredit: bigint;
    totalDebit: bigint;
  }[];
  totalCredit: bigint;
  blockCount: number;
}

const routingOk = (value: string) => {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
};

export function parseNacha(text: string): ParsedFile {
  const lines = text.split('\r\n');
  if (lines.at(-1) !== '') throw new Error('the file does not end with a line break');
  lines.pop();
  const fail = (index: number, why: string): never => {
    throw new Error(`line ${index + 1}: ${why}: ${JSON.stringify(lines[index])}`);
  };
  lines.forEach((line, i) => {
    if (line.length !== 94) fail(i, `is ${line.length} characters, not 94`);
    if (!/^[\x20-\x7e]+$/.test(line)) fail(i, 'holds a character that is not printable ASCII');
  });
  if (lines.length % 10 !== 0)
    throw new Error(`${lines.length} records is not a whole number of blocks of 10`);
  const numeric = (i: number, from: number, to: number, what: string) => {
    const field = lines[i]!.slice(from - 1, to);
    if (!/^\d+$/.test(field)) fail(i, `${what} (${from}-${to}) is not numeric: "${field}"`);
    return field;
  };
  const header = lines[0]!;
  if (header[0] !== '1') fail(0, 'the first record is not a file header');
  if (header.slice(1, 3) !== '01') fail(0, 'priority code is not 01');
  const destination = header.slice(3, 13);
  const origin = header.slice(13, 23);
  if (!/^ \d{9}$/.test(destination) || !routingOk(destination.trim()))
    fail(0, 'immediate destination is not a routing number');
  numeric(0, 24, 29, 'file creation date');
  numeric(0, 30, 33, 'file creation time');
  if (!/^[A-Z0-9]$/.test(header[33]!)) fail(0, 'file id modifier');
  if (header.slice(34, 37) !== '094') fail(0, 'record size is not 094');
  if (header.slice(37, 39) !== '10') fail(0, 'blocking factor is not 10');
  if (header[39] !== '1') fail(0, 'format code is not 1');

  const batches: ParsedFile['batches'] = [];
  let i = 1;
  let fileEntries = 0;
  let fileHash = 0n;
  let fileCredit = 0n;
  let fileDebit = 0n;
  while (lines[i]?.[0] === '5') {
    const bh = lines[i]!;
    const serviceClass = bh.slice(1, 4);
    if (!['200', '220', '225'].includes(serviceClass)) fail(i, 'service class code');
    const secCode = bh.slice(50, 53);
    if (!['PPD', 'CCD'].includes(secCode)) fail(i, 'standard entry class');
    const effectiveDate = numeric(i, 70, 75, 'effective entry date');
    const odfi = numeric(i, 80, 87, 'originating DFI');
    const batchNo = numeric(i, 88, 94, 'batch number');
    const entries: ParsedEntry[] = [];
    let hash = 0n;
    let credit = 0n;
    let debit = 0n;
    i += 1;
    while (lines[i]?.[0] === '6') {
      const e = lines[i]!;
      const code = e.slice(1, 3);
      if (!['22', '23', '27', '32', '33', '37'].includes(code)) fail(i, `transaction code ${code}`);
      if (serviceClass === '220' && !['22', '23', '32', '33'].includes(code))
        fail(i, 'a debit in a credits-only batch');
      const routing = numeric(i, 4, 12, 'receiving DFI and check digit');
      if (!routingOk(routing)) fail(i, 'the routing number fails its check digit');
      const amount = BigInt(numeric(i, 30, 39, 'amount'));
      if (e[78] !== '0') fail(i, 'addenda record indicator');
      const trace = numeric(i, 80, 94, 'trace number');
      if (trace.slice(0, 8) !== odfi) fail(i, 'the trace number does not start with the ODFI');
      hash += BigInt(routing.slice(0, 8));
      if (['22', '23', '32', '33'].includes(code)) credit += amount;
      else debit += amount;
      entries.push({
        transactionCode: code,
        routingNumber: routing,
        accountNumber: e.slice(12, 29).trimEnd(),
        amountCents: amount,
        individualId: e.slice(39, 54).trimEnd(),
        name: e.slice(54, 76).trimEnd(),
        traceNumber: trace,
      });
      i += 1;
    }
    const bc = lines[i];
    if (bc?.[0] !== '8') fail(i, 'a batch without its control record');
    if (bc!.slice(1, 4) !== serviceClass) fail(i, 'the control’s service class is not the header’s');
    if (Number(numeric(i, 5, 10, 'entry count')) !== entries.length) fail(i, 'entry count');
    if (BigInt(numeric(i, 11, 20, 'entry hash')) !== hash % 10_000_000_000n) fail(i, 'entry hash');
    if (BigInt(numeric(i, 21, 32, 'total debit')) !== debit) fail(i, 'total debit');
    if (BigInt(numeric(i, 33, 44, 'total credit')) !== credit) fail(i, 'total credit');
    if (bc!.slice(44, 54) !== bh.slice(40, 50)) fail(i, 'company identification differs from the header');
    if (bc!.slice(79, 87) !== odfi || bc!.slice(87, 94) !== batchNo) fail(i, 'ODFI or batch number differs');
    batches.push({
      serviceClass,
      companyName: bh.slice(4, 20).trimEnd(),
      companyId: bh.slice(40, 50),
      secCode,
      effectiveDate,
      entries,
      totalCredit: credit,
      totalDebit: debit,
    });
    fileEntries += entries.length;
    fileHash += hash;
    fileCredit += credit;
    fileDebit += debit;
    i += 1;
  }
  const fc = lines[i];
  if (fc?.[0] !== '9') fail(i, 'no file control record after the batches');
  if (Number(numeric(i, 2, 7, 'batch count')) !== batches.length) fail(i, 'batch count');
  const blockCount = Number(numeric(i, 8, 13, 'block count'));
  if (blockCount !== lines.length / 10) fail(i, 'block count');
  if (Number(numeric(i, 14, 21, 'entry and addenda count')) !== fileEntries) fail(i, 'entry count');
  if (BigInt(numeric(i, 22, 31, 'entry hash')) !== fileHash % 10_000_000_000n) fail(i, 'entry hash');
  if (BigInt(numeric(i, 32, 43, 'total debit')) !== fileDebit) fail(i, 'total debit');
  if (BigInt(numeric(i, 44, 55, 'total credit')) !== fileCredit) fail(i, 'total credit');
  for (let j = i + 1; j < lines.length; j++)
    if (lines[j] !== '9'.repeat(94)) fail(j, 'after the file control, only 9-filled records');
  return {
    immediateDestination: destination.trim(),
    immediateOrigin: origin.trim(),
    batches,
    totalCredit: fileCredit,
    blockCount,
  };
}
