import autocannon from 'autocannon';

/**
 * The load generator, run as its own process so that it does not share a core's event loop
 * with the service: reads one scenario (JSON in argv[2]), prints autocannon's figures as JSON.
 */
interface Scenario {
  baseUrl: string;
  method: 'GET' | 'POST' | 'PUT';
  paths: string[];
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

const scenario = JSON.parse(process.argv[2]!) as Scenario;
let next = 0;
let reported = false;
const result = await autocannon({
  url: scenario.baseUrl,
  connections: scenario.connections,
  duration: scenario.seconds,
  requests: [
    {
      method: scenario.method,
      headers: scenario.headers,
      ...(scenario.body ? { body: scenario.body } : {}),
      setupRequest: (request) => ({ ...request, path: scenario.paths[next++ % scenario.paths.length]! }),
      onResponse: (status: number, body: string) => {
        // The first refusal is shown, so a scenario that fails says why.
        if ((status < 200 || status >= 300) && !reported) {
          reported = true;
          process.stderr.write(`[bench] ${scenario.method} answered ${status}: ${body.slice(0, 300)}\n`);
        }
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
