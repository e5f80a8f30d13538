import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';

/**
 * `node scripts/bench/profile-summary.ts <file.cpuprofile> [--last <seconds>]`: where a CPU
 * profile of the service (BENCH_PROFILE) says the time went, as shares of the samples: writes to
 * sockets, idle (waiting on PostgreSQL or the network), garbage collection, Kysely and pg, the
 * web framework and serializers, the service's own code, and the rest; then the service's own
 * functions that took most. `--last` keeps the profile's last seconds (one scenario's runs).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { last: { type: 'string' } },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/bench/profile-summary.ts <file.cpuprofile> [--last <seconds>]');
  process.exit(2);
}
const profile = JSON.parse(await fs.readFile(positionals[0]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

const SOCKET_WRITES = new Set(['writev', 'writeUtf8String', 'writeBuffer', 'writeLatin1String']);
function category({ functionName, url }: ProfileNode['callFrame']): string {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (SOCKET_WRITES.has(functionName)) return 'socket writes';
  if (/node_modules\/(kysely|pg|pg-protocol|pg-pool)\//.test(url)) return 'kysely + pg';
  if (/node_modules\/(fastify|fast-json-stringify|find-my-way|avvio|light-my-request|@fastify)/.test(url))
    return 'fastify + serializers';
  if (/\/src\//.test(url)) return "the service's own code";
  if (url === '' && functionName !== '(program)') return 'generated code and natives';
  return 'rest (Node.js, other packages, (program))';
}

// Each sample's time is the delta that follows it; keep the samples of the last N seconds.
const times = profile.samples.map((_, index) => profile.timeDeltas[index + 1] ?? 0);
let start = 0;
if (values.last) {
  const window = Number(values.last) * 1e6;
  let kept = 0;
  start = times.length;
  while (start > 0 && kept + times[start - 1]! <= window) kept += times[--start]!;
}
const shares = new Map<string, number>();
const ownFunctions = new Map<string, number>();
let total = 0;
for (let index = start; index < profile.samples.length; index++) {
  const node = byId.get(profile.samples[index]!)!;
  const time = times[index]!;
  total += time;
  const name = category(node.callFrame);
  shares.set(name, (shares.get(name) ?? 0) + time);
  if (name === "the service's own code") {
    const where = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/src\//, 'src/')}:${node.callFrame.lineNumber + 1}`;
    ownFunctions.set(where, (ownFunctions.get(where) ?? 0) + time);
  }
}
const percent = (time: number) => `${((100 * time) / total).toFixed(1).padStart(5)} %`;
console.log(`${(total / 1e6).toFixed(1)} s of samples`);
for (const [name, time] of [...shares].sort((a, b) => b[1] - a[1])) console.log(`${percent(time)}  ${name}`);
console.log("\nthe service's own functions (self time):");
for (const [where, time] of [...ownFunctions].sort((a, b) => b[1] - a[1]).slice(0, 10))
  console.log(`${percent(time)}  ${where}`);
