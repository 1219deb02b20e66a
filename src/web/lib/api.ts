import { STORAGE_KEYS } from '@shared/constants';
import type { z } from 'zod';
import { takeEarlyResponse } from './early-fetch';
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

/**
 * The type of an answer, from the shared response schema the server validates it against before
 * sending (fastify-type-provider-zod's serializer). The browser does not parse answers again, so the
 * schemas and zod stay out of its bundle (docs/decisions/0011-browser-bundle.md).
 */
export type Answer<S extends z.ZodType> = z.output<S>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Every call sends the cookies; a JSON content type only when there is a body (a JSON type without a
 * body is refused by the server); the persisted user id header when one is stored (listener spec §7).
 */
export async function api<T = unknown>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const persisted = readStored('local', STORAGE_KEYS.persistedUserId);
  if (persisted) headers['x-persisted-user-id'] = persisted;

  const early = method === 'GET' ? takeEarlyResponse(path) : null;
  const res =
    (early && (await early)) ||
    (await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    }));
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
  }
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return data as T;
}
