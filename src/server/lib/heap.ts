import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent. V8's own
 * choice goes up to 4x when collections are cheap, which they are here (about 50 MB live): under load the
 * web process' heap grew to 200 MB of mostly garbage between collections, its RSS to 280-300 MB. At 1.5x
 * the same load leaves about 195 MB with the same throughput (issue 27.2, decision 0040).
 */
export const HEAP_GROWING_PERCENT = 50;

/** Sets the heap's growing factor, unless the operator gave one (node flag or NODE_OPTIONS). */
export function keepHeapSmall(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
    /^--heap[-_]growing[-_]percent/.test(arg),
  );
  // Read by V8 at every full collection, so setting it once the process runs takes effect from the next.
  if (!given) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
