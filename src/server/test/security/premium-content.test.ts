import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages/api';
import { SHARE_TEXT } from '../../../shared/messages/share';
import { getAs, HIDDEN_SCRIPT, LOCKED_CLAIM, premiumContentSuite } from './premium-content-kit';

// Issue 36.4: every way to a premium-only track's content follows the stream's rule (premium members,
// its owner and the operators; 403 この番組はプレミアム会員限定です with reason premium_only for anyone
// else), one rule in tracks/queries.ts (hearingOf, hearableSql). The programme and the segues are in
// premium-radio.test.ts. Each test fails without the fix unless it says otherwise.
const s = premiumContentSuite();

const REFUSED = { message: MESSAGES.premiumOnly, reason: 'premium_only' };

describe('#36.4 the transcript and claims of a premium-only track', () => {
  it('#36.4 are refused to a visitor and a free member (403 premium_only, never cached), as the stream refuses them', async () => {
    for (const [who, cookie] of [
      ['visitor', undefined],
      ['free member', s.free],
    ] as const) {
      const res = await getAs(s, `/api/tracks/${s.locked.id}/transcript`, cookie);
      expect([who, res.statusCode, res.json()]).toEqual([who, 403, REFUSED]);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).not.toContain('土星');
      // The stream answers the same.
      const stream = await getAs(s, `/api/stream/${s.locked.id}`, cookie);
      expect([who, stream.statusCode, stream.json()]).toEqual([who, 403, REFUSED]);
    }
  });

  it('#36.4 are answered to a premium member, the owner and an operator, lines and claims alike', async () => {
    for (const [who, cookie] of [
      ['premium member', s.premium],
      ['owner', s.poster.cookie],
      ['operator', s.admin],
    ] as const) {
      const res = await getAs(s, `/api/tracks/${s.locked.id}/transcript`, cookie);
      expect([who, res.statusCode]).toEqual([who, 200]);
      const { lines, claims } = res.json() as { lines: { speaker: string; text: string }[]; claims: unknown[] };
      expect(lines.map(({ speaker, text }) => ({ speaker, text }))).toEqual([
        { speaker: 'ハルカ', text: '土星の環は氷でできています' },
        { speaker: 'ケンタ', text: '限定の話題ですね' },
      ]);
      expect(claims).toEqual([LOCKED_CLAIM]);
    }
  });

  it('#36.4 a hidden track stays not found to anyone but its owner and an operator (the rule keeps 404 before 403)', async () => {
    for (const cookie of [undefined, s.free, s.premium]) {
      const res = await getAs(s, `/api/tracks/${s.hidden.id}/transcript`, cookie);
      expect([res.statusCode, res.json()]).toEqual([404, { message: MESSAGES.trackNotFound }]);
    }
    for (const cookie of [s.poster.cookie, s.admin]) {
      const res = await getAs(s, `/api/tracks/${s.hidden.id}/transcript`, cookie);
      expect(res.json().lines.map((l: { text: string }) => l.text)).toEqual([HIDDEN_SCRIPT.slice('ハルカ：'.length)]);
    }
  });
});

describe('#36.4 a misreading report names a line of what the track says', () => {
  const report = (cookie: string) =>
    s.t.app.inject({ method: 'POST', url: `/api/tracks/${s.locked.id}/reading-reports`, headers: { cookie }, payload: { line: 1 } });

  it('#36.4 is refused to a free member of a premium-only track (403 premium_only), taken from a premium member and the owner', async () => {
    const free = await report(s.free);
    expect([free.statusCode, free.json()]).toEqual([403, REFUSED]);
    for (const cookie of [s.premium, s.poster.cookie]) {
      const res = await report(cookie);
      expect([res.statusCode, res.json().line]).toEqual([201, 1]);
    }
  });
});

describe('#36.4 the social card of a premium-only track', () => {
  const descriptionOf = (html: string) => /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1];

  it('#36.4 keeps its title and says it is for premium members, never what it says', async () => {
    const res = await getAs(s, `/track/${s.locked.id}`, undefined, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(descriptionOf(res.body)).toBe(`投稿者の音声（天文）。${SHARE_TEXT.card.premiumOnly}`);
    expect(/<meta property="og:title" content="([^"]*)"/.exec(res.body)?.[1]).toBe(`${s.locked.title} | 無限 Mugen`);
    expect(res.body).not.toContain('土星');
    // A track anyone may hear keeps the site's words.
    const open = await getAs(s, `/track/${s.open.id}`, undefined, { accept: 'text/html' });
    expect(descriptionOf(open.body)).toBe('投稿者の音声（ニュース）。AIが話す、終わらないラジオ。無限 (Mugen) は招待制の音声アプリです。');
  });
});

describe('#36.4 a podcast feed', () => {
  it('#36.4 leaves out a premium-only and a hidden track altogether: no item, no title, no words of the script (passed before the fix too)', async () => {
    const res = await getAs(s, `/rss/users/${s.poster.id}`);
    expect(res.statusCode).toBe(200);
    const guids = [...res.body.matchAll(/<guid[^>]*>([^<]*)<\/guid>/g)].map((m) => m[1]);
    expect(guids).toEqual([`mugen-track-${s.open.id}`]);
    for (const leak of [s.locked.title, '土星', '非公開']) expect(res.body).not.toContain(leak);
  });
});

describe('#36.4 search reads a script only where the searcher may hear it', () => {
  const found = async (q: string, cookie?: string) =>
    ((await getAs(s, `/api/search?q=${encodeURIComponent(q)}`, cookie)).json() as { tracks: { id: number }[] }).tracks.map((x) => x.id);

  it('#36.4 a word only the premium-only script holds finds nothing for a visitor or a free member, the track for a premium member', async () => {
    expect(await found('土星の環', undefined)).toEqual([]);
    expect(await found('土星の環', s.free)).toEqual([]);
    expect(await found('土星の環', s.premium)).toEqual([s.locked.id]);
    // Its title finds it for everyone: it is listed with its mark.
    expect(await found('星空談義', s.free)).toEqual([s.locked.id]);
  });
});
