import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { ProviderError, type ProviderErrorKind } from '../providers/errors';

/** A request as a stand-in received it. */
export interface StandInRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as JSON ({} when empty). */
  json: Record<string, unknown>;
}

export interface StandIn {
  /** http://127.0.0.1:{port} */
  url: string;
  requests: StandInRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP stand-in of an outside API (no network here): `answer` writes the real service's wire
 * format, or leaves the request unanswered to play a service that hangs. Every request is recorded.
 */
export async function startStandIn(answer: (req: StandInRequest, res: http.ServerResponse) => void): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const r: StandInRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://stand-in'),
        headers: req.headers,
        body,
        json: body && /json/.test(req.headers['content-type'] ?? '') ? JSON.parse(body) : {},
      };
      requests.push(r);
      answer(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A JSON answer. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Each mode of the stand-in makes `call` fail as that kind of ProviderError of `provider` (429 → quota,
 * a wrong answer → malformed, silence past the deadline → timeout).
 */
export async function expectProviderFailures<M extends string>(
  provider: string,
  setMode: (mode: M) => void,
  call: () => Promise<unknown>,
  cases: readonly (readonly [M, ProviderErrorKind])[],
) {
  for (const [mode, kind] of cases) {
    setMode(mode);
    const err = await call().catch((e) => e);
    expect(err, mode).toBeInstanceOf(ProviderError);
    expect(err, mode).toMatchObject({ provider, kind });
  }
}
