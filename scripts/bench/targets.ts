/**
 * The API benchmark's targets (docs/performance.md) and its comparison with an earlier run:
 * figures printed against what they should be, never asserted (the machine is shared).
 */

/** What a scenario should reach: a ratio to the primary-key ceiling, a p99 latency (at most, or under). */
export interface Target {
  ratio?: number;
  p99?: number;
  p99Below?: number;
}

export interface BenchRow {
  name: string;
  target?: Target;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  ratio_to_pk_ceiling: number;
  non_2xx: number;
}

/** The results file under bench-results/ (what --compare reads back). */
export interface BenchResults {
  orders: number;
  load_seconds: number;
  connections: number;
  seconds: number;
  peak_rss_mib: number;
  results: BenchRow[];
}

/** The service's peak memory over the whole run. */
export const PEAK_RSS_TARGET_MIB = 300;

const describe = (target: Target) =>
  [
    target.ratio !== undefined ? `ratio ≥ ${target.ratio.toFixed(2)}` : null,
    target.p99 !== undefined ? `p99 ≤ ${target.p99} ms` : null,
    target.p99Below !== undefined ? `p99 < ${target.p99Below} ms` : null,
  ]
    .filter(Boolean)
    .join(', ');

/** Each figure with a target, against it: "met", or by how much it is missed. */
export function targetLines(current: BenchResults): string[] {
  const rows = current.results.filter((row) => row.target);
  const width = Math.max(0, ...rows.map((row) => row.name.length));
  const lines = ['against the targets:'];
  for (const row of rows) {
    const target = row.target!;
    const missed = [
      // No answer within the run: its latencies are zeros, not a pass.
      row.requests_per_second === 0 ? 'no answer within the run' : null,
      target.ratio !== undefined && row.ratio_to_pk_ceiling < target.ratio
        ? `ratio ${row.ratio_to_pk_ceiling.toFixed(2)}`
        : null,
      (target.p99 !== undefined && row.p99_ms > target.p99) ||
      (target.p99Below !== undefined && row.p99_ms >= target.p99Below)
        ? `p99 ${row.p99_ms} ms`
        : null,
    ].filter(Boolean);
    lines.push(
      `  ${row.name.padEnd(width)}  ${describe(target).padEnd(28)}  ${missed.length ? `missed (${missed.join(', ')})` : 'met'}`,
    );
  }
  const rss = current.peak_rss_mib;
  lines.push(
    `  ${'service peak memory (RSS)'.padEnd(width)}  ${`≤ ${PEAK_RSS_TARGET_MIB} MiB`.padEnd(28)}  ${rss <= PEAK_RSS_TARGET_MIB ? 'met' : `missed (${rss} MiB)`}`,
  );
  return lines;
}

const change = (before: number, after: number) => {
  if (before === 0) return after === 0 ? '±0%' : 'new';
  const percent = ((after - before) / before) * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(0)}%`;
};

/** Each scenario's figures beside the same scenario's in an earlier results file. */
export function comparison(earlier: BenchResults, current: BenchResults, file: string): string[] {
  const before = new Map(earlier.results.map((row) => [row.name, row]));
  const width = Math.max(...current.results.map((row) => row.name.length));
  const lines = [
    `compared with ${file} (${earlier.orders.toLocaleString('en-US')} orders, ${earlier.seconds} s runs):`,
    `  ${'scenario'.padEnd(width)}  req/s                  p99 ms          ratio`,
  ];
  for (const row of current.results) {
    const old = before.get(row.name);
    if (!old) {
      lines.push(`  ${row.name.padEnd(width)}  (not in the earlier run)`);
      continue;
    }
    const rps = `${old.requests_per_second} → ${row.requests_per_second} (${change(old.requests_per_second, row.requests_per_second)})`;
    const p99 = `${old.p99_ms} → ${row.p99_ms}`;
    const ratio = `${old.ratio_to_pk_ceiling.toFixed(2)} → ${row.ratio_to_pk_ceiling.toFixed(2)}`;
    lines.push(`  ${row.name.padEnd(width)}  ${rps.padEnd(22)} ${p99.padEnd(15)} ${ratio}`);
  }
  for (const name of before.keys())
    if (!current.results.some((row) => row.name === name))
      lines.push(`  ${name.padEnd(width)}  (only in the earlier run)`);
  lines.push(
    `  ${'service peak memory (RSS)'.padEnd(width)}  ${earlier.peak_rss_mib} → ${current.peak_rss_mib} MiB (${change(earlier.peak_rss_mib, current.peak_rss_mib)})`,
  );
  return lines;
}
