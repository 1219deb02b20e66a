import { PRODUCT_NAME_JA, SITE_NAME } from '../../../shared/constants';
import { SHARE_TEXT } from '../../../shared/messages/share';
import { playlistCardDescription } from '../../../shared/rules/playlist';
import { PUBLIC_ORIGIN_META } from '../../../shared/rules/share';
import { clip } from '../../../shared/rules/text';
import type { Db } from '../../db/client';
import { findPublicBySlug, readPlaylist } from '../playlists/public';
import { findTrack, gateOf, hearingOf } from '../tracks/public';
import { findUserByRef } from '../users/public';

export { SITE_NAME };

const DEFAULT_DESCRIPTION = 'AIが話す、終わらないラジオ。無限 (Mugen) は招待制の音声アプリです。';

export interface Card {
  title: string;
  description: string;
  url: string;
  type: string;
  image: string;
}

/** Text for an HTML attribute or element: every character that means something in HTML is a reference. */
export const esc = (s: string) => s.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The social card of a page, for links pasted into X or LINE: their crawlers read the HTML and run no
 * JavaScript. Public playlists and visible tracks get their own card; everything else the site's.
 */
export async function cardFor(db: Db, pathname: string, origin: string): Promise<Card | null> {
  const seg = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const image = `${origin}/icons/og-image.png`;
  const url = `${origin}${pathname}`;

  const trackId = seg.length === 2 && seg[0] === 'track' ? seg[1] : seg.length === 3 && seg[1] === 'track' ? seg[2] : null;
  if (trackId && /^\d{1,10}$/.test(trackId)) {
    const access = await findTrack(db, Number(trackId));
    // A crawler is a visitor: the card says what the stream's rule lets a visitor have (#36.4).
    const hearing = access ? hearingOf(gateOf(access), null) : 'hidden';
    if (!access || hearing === 'hidden') return null;
    const t = access.track;
    const about = hearing === 'premium_only' ? SHARE_TEXT.card.premiumOnly : DEFAULT_DESCRIPTION;
    return {
      title: `${t.title} | ${SITE_NAME}`,
      description: clip(`${t.posterName ?? PRODUCT_NAME_JA}の音声${t.category ? `（${t.category}）` : ''}。${about}`, 150),
      url,
      type: 'music.song',
      image,
    };
  }

  let playlistId: number | null = null;
  if (seg.length === 2 && seg[0] === 'playlist') playlistId = await findPublicBySlug(db, seg[1]);
  else if (seg.length === 3 && seg[0] === 'u') {
    const owner = await findUserByRef(db, seg[1]);
    playlistId = owner ? await findPublicBySlug(db, seg[2], owner) : null;
  } else if (seg.length === 3 && seg[1] === 'playlist' && /^\d{1,10}$/.test(seg[2])) playlistId = Number(seg[2]);
  else if (seg.length === 2 && seg[0] === 'playlists' && /^\d{1,10}$/.test(seg[1])) playlistId = Number(seg[1]);
  if (playlistId) {
    const p = await readPlaylist(db, playlistId, null);
    if (!p) return null;
    return {
      title: `${p.name} | ${SITE_NAME}`,
      description: clip(p.description || playlistCardDescription(p.user.name, p.itemCount), 150),
      url,
      type: 'music.playlist',
      image,
    };
  }
  return null;
}

/** index.html with the card's title and Open Graph / X card metadata written into its head. */
export function withCard(indexHtml: string, card: Card | null, origin: string): string {
  const c = card ?? {
    title: SITE_NAME,
    description: DEFAULT_DESCRIPTION,
    url: `${origin}/`,
    type: 'website',
    image: `${origin}/icons/og-image.png`,
  };
  const meta = [
    ['property', 'og:title', c.title],
    ['property', 'og:description', c.description],
    ['property', 'og:type', c.type],
    ['property', 'og:url', c.url],
    ['property', 'og:image', c.image],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'ja_JP'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', c.title],
    ['name', 'twitter:description', c.description],
    ['name', 'twitter:image', c.image],
    // The public origin (PUBLIC_URL when set) for the addresses the page shares (issue 20).
    ['name', PUBLIC_ORIGIN_META, origin],
  ]
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${esc(value)}" />`)
    .join('\n    ');
  // Replacement functions, never replacement strings: in a string, `$\``, `$'` and `$&` would copy
  // parts of the page (its inline scripts included) wherever a title or URL holds them.
  const title = `<title>${esc(c.title)}</title>`;
  const description = `<meta name="description" content="${esc(c.description)}" />`;
  const head = `    ${meta}\n  </head>`;
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => title)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => description)
    .replace('</head>', () => head);
}
