import type { APIRequestContext, Page } from '@playwright/test';
import type { Playlist } from '../../src/shared/schemas/playlist';
import { expect } from './fixtures';

/** Removes the member's playlists, so that every run starts below the free limit of 10. */
export async function clearPlaylists(api: APIRequestContext) {
  const mine: Playlist[] = await (await api.get('/api/playlists/user')).json();
  for (const p of mine) await api.delete(`/api/playlists/${p.id}`);
}

/** A playlist made through the API with the given tracks, in that order. */
export async function makePlaylist(
  api: APIRequestContext,
  name: string,
  trackIds: number[],
  extra: Record<string, unknown> = {},
): Promise<Playlist> {
  const res = await api.post('/api/playlists', { data: { name, ...extra } });
  expect(res.status(), await res.text()).toBe(201);
  const p: Playlist = await res.json();
  for (const trackId of trackIds) expect((await api.post(`/api/playlists/${p.id}/tracks`, { data: { trackId } })).status()).toBe(200);
  return (await api.get(`/api/playlists/${p.id}`)).json();
}

export const itemTrackIds = (page: Page) =>
  page.getByTestId('playlist-item').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-track-id'))));

export async function apiOrder(api: APIRequestContext, id: number): Promise<number[]> {
  const p: Playlist = await (await api.get(`/api/playlists/${id}`)).json();
  return p.items.map((i) => i.track.id);
}
