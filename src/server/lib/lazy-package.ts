import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * An outside service's SDK, loaded when its provider is made instead of when the server starts: a start
 * without Stripe, S3, Gemini or SMTP configured does not load them (together about a second of a warm
 * start on a loaded 2-core machine, issue 27.1; bench/start). Loaded synchronously (their CommonJS
 * builds), so a provider's factory and its methods keep their shapes; the types come from `import type`.
 */
export function lazyPackage<T>(name: string): T {
  return requireHere(name) as T;
}
