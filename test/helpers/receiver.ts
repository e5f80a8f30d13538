import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP receiver on loopback that records what arrives and answers as told. */
export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
}

export interface TestReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status codes to answer, in turn; 200 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: Partial<TestReceiver> = { received, answers: [] };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body, json: JSON.parse(body) as ReceivedWebhook['json'] });
      response.statusCode = receiver.answers!.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver as TestReceiver;
}
