import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `entry` (a .ts file beside its caller in the sources, a .js file beside the
 * entry point in dist/server). Node does not apply the parent's tsx loader to a worker's entry file
 * (neither under `tsx` nor `node --import tsx`, and vitest has no loader at all), so a .ts worker
 * registers tsx itself before importing its module; built JavaScript runs as it is.
 */
export function startWorkerThread(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true });
}
