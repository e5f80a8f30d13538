import { createAomsClient, type AomsClient } from '../../../sdk/src/client.ts';
import { csrfTokenOfSession } from './sdk.ts';

/**
 * The SDK's client, sending through XMLHttpRequest instead of fetch: fetch cannot tell how much
 * of a request body has gone, and a person uploading a 25 MB report wants a progress bar.
 * Everything else (paths, bodies, answers) is the SDK's, typed as usual.
 */
export function uploadingClient(onProgress: (fraction: number) => void): AomsClient {
  return createAomsClient({
    baseUrl: '',
    csrfToken: csrfTokenOfSession,
    fetch: sendWithProgress(onProgress),
  });
}

const sendWithProgress =
  (onProgress: (fraction: number) => void): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () =>
        resolve(
          new Response([101, 204, 205, 304].includes(xhr.status) ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: responseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      xhr.onerror = () => reject(new TypeError('The upload did not reach the service'));
      xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort());
      xhr.send(body);
    });
  };

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}
