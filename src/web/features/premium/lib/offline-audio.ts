/**
 * The page's side of offline playback: the service worker (public/service-worker.js) keeps the audio
 * of a track in Cache Storage and answers its stream from there, Range requests included. The page
 * asks it by a message and waits for the answer on a channel; the track's details are kept beside it
 * (stores/offline-tracks.ts).
 */
export const OFFLINE_AUDIO_CACHE = 'mugen-audio-offline';

type Message =
  | { type: 'offline-audio:keep' | 'offline-audio:drop' | 'offline-audio:keep-segue'; id: number }
  | { type: 'offline-audio:clear' };

export class OfflineUnavailable extends Error {}

/** Whether this browser can keep audio at all (a service worker and Cache Storage). */
export function offlineSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined';
}

async function activeWorker(): Promise<ServiceWorker> {
  if (!offlineSupported()) throw new OfflineUnavailable('no service worker');
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = navigator.serviceWorker.controller ?? registration?.active ?? null;
  if (!worker) throw new OfflineUnavailable('no active service worker');
  return worker;
}

async function ask(message: Message): Promise<void> {
  const worker = await activeWorker();
  const channel = new MessageChannel();
  const answer = new Promise<{ ok: boolean; error?: string }>((resolve) => {
    channel.port1.onmessage = (e: MessageEvent<{ ok: boolean; error?: string }>) => resolve(e.data);
  });
  worker.postMessage(message, [channel.port2]);
  const { ok, error } = await answer;
  channel.port1.close();
  if (!ok) throw new Error(error ?? 'the service worker refused');
}

/** Downloads and keeps a track's audio; throws when it could not. */
export const keepAudio = (id: number) => ask({ type: 'offline-audio:keep', id });
export const dropAudio = (id: number) => ask({ type: 'offline-audio:drop', id });
/** Keeps a programme's segue beside the kept tracks it joins (#40.2); it goes with the last kept track. */
export const keepSegueAudio = (id: number) => ask({ type: 'offline-audio:keep-segue', id });
/** Drops every kept track (premium ended); without a worker the cache is deleted from here. */
export async function dropAllAudio(): Promise<void> {
  try {
    await ask({ type: 'offline-audio:clear' });
  } catch {
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_AUDIO_CACHE);
  }
}

/** The ids whose audio is in the cache (read directly: Cache Storage is shared with the worker). */
export async function keptAudioIds(): Promise<Set<number>> {
  const ids = new Set<number>();
  if (typeof caches === 'undefined' || !(await caches.has(OFFLINE_AUDIO_CACHE))) return ids;
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  for (const request of await cache.keys()) {
    const m = /^\/api\/stream\/(\d+)$/.exec(new URL(request.url).pathname);
    if (m) ids.add(Number(m[1]));
  }
  return ids;
}
