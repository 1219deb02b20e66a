import { STORAGE_KEYS } from '@shared/constants';
import type { z } from 'zod';
import { readStored } from './storage';

/** A non-OK answer. The message is the spec's "status: text" (listener spec §8, L-8-01). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the answer with the shared zod schema. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/**
 * Every call sends the cookies; a JSON content type only when there is a body (a JSON type without a
 * body is refused by the server); the persisted user id header when one is stored (listener spec §7).
 */
export async function api<T = unknown>(path: string, { method = 'GET', body, schema, signal }: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const persisted = readStored('local', STORAGE_KEYS.persistedUserId);
  if (persisted) headers['x-persisted-user-id'] = persisted;

  const res = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
  }
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return schema ? schema.parse(data) : (data as T);
}
