/**
 * HTTP calls from a chosen client address. On Linux the whole 127.0.0.0/8 is loopback, so binding
 * the socket to 127.0.0.2 or 127.0.0.3 makes two machines as far as a proxy or the server can
 * tell: the tests play a stranger and the owner from different addresses.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The JSON envelope's data (undefined when the answer is not JSON). */
  data: unknown;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface AddressedClient {
  address: string;
  call(path: string, options?: CallOptions): Promise<Answer>;
  post(path: string, body: unknown, token?: string): Promise<Answer>;
}

export function clientAt(baseUrl: string, localAddress: string): AddressedClient {
  const call = (path: string, { method = 'GET', body, token, headers = {} }: CallOptions = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const request = http.request(
        new URL(path, baseUrl),
        {
          method,
          localAddress,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            let data: unknown;
            try {
              data = (JSON.parse(text) as { data?: unknown }).data;
            } catch {
              data = undefined;
            }
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text, data });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { address: localAddress, call, post: (path, body, token) => call(path, { method: 'POST', body, ...(token ? { token } : {}) }) };
}
