import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type FeedOptions, Podcast } from 'podcast';
import { FEED_TEXT } from '../../../shared/messages/feeds';
import { playlistFeedPath, userFeedPath } from '../../../shared/rules/feeds';
import { PLAYLIST_MESSAGES } from '../../../shared/rules/playlist';
import { withoutXmlInvalid } from '../../../shared/rules/text';
import { scriptLines } from '../../../shared/rules/transcript';
import type { Db } from '../../db/client';
import { playlistItems, playlists, tracks, users } from '../../db/schema';
import { found } from '../../http/errors';
import { hearableSql } from '../tracks/public';
import { ownTracksCondition, userByRef } from '../users/public';
import { podcastGuid } from './podcast-guid';
import { TRANSCRIPT_FORMATS, type TranscriptFormat, transcriptFilePath } from './transcripts';

/** The newest tracks a feed lists (podcast apps read the whole file at every refresh). */
export const FEED_ITEM_LIMIT = 300;
/** How many of the script's first lines an episode's description quotes. */
const DESCRIPTION_LINES = 3;
const DESCRIPTION_MAX_CHARS = 400;
/** The square artwork Apple Podcasts and Spotify ask for (1400 to 3000 px), drawn by scripts/make-icons.mjs. */
export const FEED_ARTWORK = '/icons/podcast-1400.png';

export interface Feed {
  xml: string;
  etag: string;
}

/** Where the feeds' links point, and the operator's contact address for `itunes:email` (CONTACT_TO, when set). */
export interface FeedSite {
  origin: string;
  contact?: string;
}

/** A creator as `podcast:person` (role host): their name and their page. */
interface Person {
  name: string;
  /** Their user ID (or internal id): the page is /{handle}. */
  handle: string;
}

interface FeedTrack {
  id: number;
  title: string;
  duration: number;
  fileSize: number;
  script: string | null;
  category: string | null;
  uploadedAt: Date;
  /** Whether its transcript has each line's time (a synced transcript): then it links its files. */
  timed: boolean;
  /** Its creator, where the episode names one of its own (a playlist's episodes come from several). */
  person?: Person | null;
}

const trackColumns = {
  id: tracks.id,
  title: tracks.title,
  duration: tracks.duration,
  fileSize: tracks.fileSize,
  script: tracks.script,
  category: tracks.category,
  uploadedAt: tracks.uploadedAt,
  timed: sql<boolean>`coalesce(jsonb_array_length(${tracks.transcript}), 0) > 0`,
};

/**
 * What a podcast app (no session: a visitor) may hear, by the stream's rule: visible and not premium-only.
 * A premium-only track is left out of a feed altogether, its title too: the app could not play it (#36.4).
 */
const openToAll = hearableSql(null);

/**
 * A creator's feed (GET /rss/users/{userId}): their public tracks, newest first. The user ID is the public
 * one (`demo`, `mugen`) or the internal id; 404 ユーザーが見つかりません otherwise.
 */
export async function creatorFeed(db: Db, ref: string, site: FeedSite): Promise<Feed> {
  const user = await userByRef(db, ref);
  const rows = await db
    .select(trackColumns)
    .from(tracks)
    .where(and(ownTracksCondition(user), openToAll))
    .orderBy(desc(tracks.uploadedAt), desc(tracks.id))
    .limit(FEED_ITEM_LIMIT);
  const handle = user.customUserId ?? user.id;
  return build(site, {
    title: FEED_TEXT.userTitle(user.name),
    description: FEED_TEXT.userDescription(user.name, handle),
    author: user.name,
    feedPath: userFeedPath(handle),
    // The member's internal id never changes (a user ID may): the feed keeps its podcast:guid.
    guidPath: userFeedPath(user.id),
    sitePath: `/${encodeURIComponent(handle)}`,
    person: { name: user.name, handle },
    tracks: rows,
  });
}

/**
 * A public playlist's feed (GET /rss/playlists/{id}): its public tracks in the playlist's order.
 * A private or missing playlist is 404 プレイリストが見つかりません, as on its page.
 */
export async function playlistFeed(db: Db, id: number, site: FeedSite): Promise<Feed> {
  const [row] = await db
    .select({ playlist: playlists, ownerName: users.name, ownerHandle: users.customUserId })
    .from(playlists)
    .innerJoin(users, eq(users.id, playlists.userId))
    .where(and(eq(playlists.id, id), eq(playlists.isPublic, true)))
    .limit(1);
  const { playlist, ownerName, ownerHandle } = found(row, PLAYLIST_MESSAGES.notFound);
  const rows = await db
    .select({ ...trackColumns, posterName: users.name, posterHandle: sql<string | null>`coalesce(${users.customUserId}, ${users.id})` })
    .from(playlistItems)
    .innerJoin(tracks, eq(tracks.id, playlistItems.trackId))
    .leftJoin(users, eq(users.id, tracks.userId))
    .where(and(eq(playlistItems.playlistId, id), openToAll))
    .orderBy(asc(playlistItems.order), asc(playlistItems.id))
    .limit(FEED_ITEM_LIMIT);
  const handle = ownerHandle ?? playlist.userId;
  return build(site, {
    title: playlist.name,
    description: playlist.description?.trim() || FEED_TEXT.playlistDescription(ownerName, playlist.name),
    author: ownerName,
    feedPath: playlistFeedPath(id),
    guidPath: playlistFeedPath(id),
    sitePath: `/${encodeURIComponent(handle)}/playlist/${id}`,
    person: null,
    tracks: rows.map(({ posterName, posterHandle, ...t }) => ({
      ...t,
      person: posterName !== null && posterHandle !== null ? { name: posterName, handle: posterHandle } : null,
    })),
  });
}

/** The first lines of the script, without the hosts' names: what a podcast app shows under the title. */
export function episodeDescription(script: string | null, fallback: string): string {
  const text = scriptLines(script ?? '')
    .slice(0, DESCRIPTION_LINES)
    .map((l) => l.text)
    .join(' ');
  if (!text) return fallback;
  return text.length > DESCRIPTION_MAX_CHARS ? `${text.slice(0, DESCRIPTION_MAX_CHARS - 1)}…` : text;
}

/**
 * The library's feed, with an `itunes:owner` that names no empty e-mail: Apple and the directories read an
 * empty `itunes:email` as a broken address, so without the operator's contact address there is none.
 */
class PodcastFeed extends Podcast {
  protected override getITunesFeedElements(options: FeedOptions) {
    return super
      .getITunesFeedElements(options)
      .map((el: Record<string, unknown>) =>
        Array.isArray(el['itunes:owner'])
          ? { 'itunes:owner': el['itunes:owner'].filter((part: Record<string, unknown>) => part['itunes:email'] !== '') }
          : el,
      );
  }
}

/** `podcast:person`: the creator as the show's host, with their page (docs/tags/person.md). */
const personElement = (origin: string, p: Person) => ({
  'podcast:person': [{ _attr: { role: 'host', href: `${origin}/${encodeURIComponent(p.handle)}` } }, p.name],
});

/** `podcast:transcript`: each file of a synced transcript, in Japanese (docs/tags/transcript.md). */
const transcriptElements = (origin: string, trackId: number) =>
  (Object.keys(TRANSCRIPT_FORMATS) as TranscriptFormat[]).map((format) => ({
    'podcast:transcript': {
      _attr: { url: `${origin}${transcriptFilePath(trackId, format)}`, type: TRANSCRIPT_FORMATS[format], language: 'ja' },
    },
  }));

/** The strong ETag of a text the feeds serve: the same bytes, the same ETag. */
export const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

function build(
  site: FeedSite,
  f: {
    title: string;
    description: string;
    author: string;
    feedPath: string;
    /** The feed's address its podcast:guid is made from (the one that never changes). */
    guidPath: string;
    sitePath: string;
    /** The show's host, on the channel (a playlist's episodes name their own). */
    person: Person | null;
    tracks: FeedTrack[];
  },
): Feed {
  const { origin } = site;
  const artwork = `${origin}${FEED_ARTWORK}`;
  const newest = f.tracks.reduce<Date | null>((d, t) => (!d || t.uploadedAt > d ? t.uploadedAt : d), null);
  const feed = new PodcastFeed({
    title: f.title,
    description: f.description,
    feedUrl: `${origin}${f.feedPath}`,
    siteUrl: `${origin}${f.sitePath}`,
    imageUrl: artwork,
    author: f.author,
    language: 'ja',
    // The feed's own date comes from its newest episode, so an unchanged feed is byte for byte the same
    // (and keeps its ETag).
    pubDate: newest ?? new Date(0),
    ttl: 60,
    generator: FEED_TEXT.generator,
    itunesAuthor: f.author,
    itunesSummary: f.description,
    itunesOwner: { name: f.author, email: site.contact ?? '' },
    itunesExplicit: false,
    itunesType: 'episodic',
    itunesCategory: [{ text: 'Society & Culture' }],
    itunesImage: artwork,
    // Podcasting 2.0 (the Podcast Index namespace the library declares): the show's identity and its host.
    customElements: [{ 'podcast:guid': podcastGuid(`${origin}${f.guidPath}`) }, ...(f.person ? [personElement(origin, f.person)] : [])],
  });
  for (const t of f.tracks) {
    const description = episodeDescription(t.script, t.title);
    feed.addItem({
      title: t.title,
      description,
      url: `${origin}/track/${t.id}`,
      guid: `mugen-track-${t.id}`,
      date: t.uploadedAt,
      categories: t.category ? [t.category] : [],
      enclosure: { url: `${origin}/api/stream/${t.id}`, size: t.fileSize, type: 'audio/mpeg' },
      itunesDuration: Math.max(1, Math.round(t.duration)),
      itunesSummary: description,
      itunesExplicit: false,
      itunesEpisodeType: 'full',
      customElements: [...(t.timed ? transcriptElements(origin, t.id) : []), ...(t.person ? [personElement(origin, t.person)] : [])],
    });
  }
  // The library leaves `lastBuildDate` at the time of the call; the newest episode's date keeps the bytes stable.
  // The library writes text as it is: a character XML cannot hold (a control character in a title written
  // before #36.8 refused them) would make the whole feed unreadable, so none is left.
  const xml = withoutXmlInvalid(feed.buildXml({ indent: '  ' })).replace(
    /<lastBuildDate>[^<]*<\/lastBuildDate>/,
    `<lastBuildDate>${(newest ?? new Date(0)).toUTCString()}</lastBuildDate>`,
  );
  return { xml, etag: etagOf(xml) };
}
