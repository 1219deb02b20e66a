import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

let built = false;

/** Builds dist/server when it is older than the sources (once per test process; a lock keeps builds apart). */
export function buildServer(): void {
  if (built) return;
  const r = spawnSync(process.execPath, [path.resolve('scripts/build-server.mjs')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the server build failed: ${r.stdout}${r.stderr}`);
  built = true;
}

/**
 * The real server as production runs it (the built `dist/server/main.js`, no TypeScript) in its own
 * process, ready when /health answers. `nodeArgs` go before the entry file.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  nodeArgs: string[] = [],
  /** Another build's entry file (a benchmark's baseline); this checkout's dist/server/main.js by default. */
  entry?: string,
): Promise<ServerProcess> {
  if (!entry) buildServer();
  // A given PORT is kept (an instance brought back behind a proxy that names its port, bench/cluster).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let out = '';
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', entry ?? path.resolve('dist/server/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      RATE_LIMIT_SCALE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in ${timeoutMs} ms: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => out,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
