import type { Locator, Page } from '@playwright/test';
import { phrasesOf } from '../src/shared/rules/phrases';
import { playlistShareUrl } from '../src/shared/rules/playlist-form';
import { lineShareUrl, trackShareUrl } from '../src/shared/rules/share';
import type { Playlist } from '../src/shared/schemas/playlist';
import { expect, test } from './helpers/fixtures';
import { catalogue, expectPlaying, heroTitle, seeded } from './helpers/listener';
import { requestsSettled } from './helpers/waits';

// Issue 20, the first five minutes of a Japanese listener, at a phone's and a desktop's width: the
// cookie bar covers nothing, the header is whole from the first paint, titles wrap between phrases,
// sharing uses the share sheet, LINE and copy with the public address, the development chooser looks
// like the product, a signed-out visitor's console stays clean, My Page's posted tracks have their
// add-to-playlist menu.

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** Is the element on screen with nothing over its centre (a tap there reaches it)? */
function reachable(locator: Locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** The layout shift of this page load so far that no input caused (the CLS of one session window at most). */
function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => resolve(sum));
      }),
  );
}

/** A link of the app's navigation (the bottom bar on a phone, wherever the layout puts it on a desktop). */
const navLink = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true }).filter({ visible: true }).first();

for (const { name, viewport } of WIDTHS) {
  test.describe(`first visit on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport, storageState: { cookies: [], origins: [] } });

    test(`L-2.4-12 #20: the cookie bar is a compact bar under the header; the play button and the navigation stay usable (${name})`, async ({
      page,
    }) => {
      await page.goto('/');
      const bar = page.getByTestId('cookie-banner');
      await expect(bar.getByRole('button', { name: 'すべて許可' })).toBeVisible();
      const play = page.getByTestId('hero-player').getByRole('button', { name: '再生', exact: true });
      await expect(play).toBeEnabled();

      // Under the header, in the page's flow, and compact.
      const header = (await page.getByRole('banner').boundingBox())!;
      const box = (await bar.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(box.height).toBeLessThanOrEqual(viewport.width < 640 ? 130 : 80);
      expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('static');

      // The play button and the navigation are on screen with nothing over them.
      await expect.poll(() => reachable(play)).toBe(true);
      const search = navLink(page, '検索');
      await expect.poll(() => reachable(search)).toBe(true);
      // Nothing moved while the page came together with the bar showing.
      expect(await layoutShift(page)).toBeLessThan(0.02);

      await play.click();
      await expectPlaying(page);
      await search.click();
      await expect(page).toHaveURL(/\/search$/);
      // The choice is still to be made: the bar stays until it is.
      await expect(bar).toBeVisible();
      await bar.getByRole('button', { name: '必要なもののみ' }).click();
      await expect(bar).toHaveCount(0);
    });

    test(`#20: the header is whole in the first paint (menu button included) and stays put when the app takes over (${name})`, async ({
      page,
    }) => {
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'commit' });
      const header = page.getByRole('banner');
      const menu = header.getByRole('button', { name: 'メニューを開く' });
      await expect(menu).toBeVisible();
      await expect(header.getByRole('link', { name: /ホーム/ })).toHaveAttribute('href', '/');
      await expect(page.locator('#static-consent')).toBeVisible();
      const before = {
        header: await header.boundingBox(),
        menu: await menu.boundingBox(),
        bar: await page.locator('#static-consent').boundingBox(),
      };

      release();
      await expect(page.getByTestId('cookie-banner')).toBeVisible();
      await expect(page.locator('#static-consent')).toHaveCount(0);
      await expect(page.getByTestId('menu-button')).toBeVisible();
      const after = {
        header: await header.boundingBox(),
        menu: await page.getByTestId('menu-button').boundingBox(),
        bar: await page.getByTestId('cookie-banner').boundingBox(),
      };
      expect(after).toEqual(before);
    });

    test(`#20: a tap on the first paint's menu button opens the menu once the app has loaded (${name})`, async ({ page }) => {
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByRole('banner').getByRole('button', { name: 'メニューを開く' }).click();
      await expect(page.getByRole('dialog', { name: 'メニュー' })).toHaveCount(0);
      release();
      await expect(page.getByRole('dialog', { name: 'メニュー' })).toBeVisible();
    });
  });

  test.describe(`titles on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test(`#20: titles wrap only between phrases: the track page's whole title, the home player's short one (${name})`, async ({
      page,
      request,
    }) => {
      const tracks = await catalogue(request);
      const longest = [...tracks].sort((a, b) => [...b.title].length - [...a.title].length)[0];
      const dashi = seeded(
        tracks.find((t) => t.title === '出汁の基本、昆布とかつお節'),
        'track 出汁の基本、昆布とかつお節',
      );

      for (const track of [longest, dashi]) {
        await page.goto(`/track/${track.id}`);
        const title = page.getByTestId('track-detail').getByRole('heading', { level: 1 });
        await expect(title).toHaveText(track.title);
        const starts = await lineStarts(title);
        for (const start of starts) expect(phraseEnds(track.title), `a line of 「${track.title}」 starts inside a phrase`).toContain(start);
        if (track === longest) expect(starts.length, 'the longest title wraps').toBeGreaterThan(0);
        else expect(insideWords(track.title, starts, ['昆布', 'かつお節'])).toEqual([]);
      }

      // The home player: a title of 18 characters or fewer stands still, wrapped the same way.
      await page.goto(`/?track=${dashi.id}`);
      const hero = heroTitle(page);
      await expect(hero).toHaveAttribute('data-title', dashi.title);
      await expect(hero).toHaveAttribute('data-marquee', 'false');
      const starts = await lineStarts(hero);
      for (const start of starts) expect(phraseEnds(dashi.title)).toContain(start);
      expect(insideWords(dashi.title, starts, ['昆布', 'かつお節'])).toEqual([]);
      if (viewport.width < 640) expect(starts.length, 'on a phone the title takes two lines').toBeGreaterThan(0);
    });
  });
}

/** Where each line of the element's text starts after the first, as character offsets into the text. */
function lineStarts(locator: Locator): Promise<number[]> {
  return locator.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('.sr-only')) continue;
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    }
    return tops.flatMap((top, i) => (i > 0 && top > tops[i - 1] + 2 ? [i] : []));
  });
}

/** The offsets where the phrases of `text` end (where a line may start). */
function phraseEnds(text: string): number[] {
  let at = 0;
  return phrasesOf(text).map((p) => {
    at += p.length;
    return at;
  });
}

/** The words of `words` that a line start falls inside. */
function insideWords(text: string, starts: number[], words: string[]): string[] {
  return words.filter((word) => {
    const from = text.indexOf(word);
    return starts.some((s) => s > from && s < from + word.length);
  });
}

/**
 * Rewrites the public origin the server writes into app pages, as a server with PUBLIC_URL would. The
 * tests that use it block the service worker, whose own fetch of a page would pass by the route.
 */
async function withPublicUrl(page: Page, origin: string) {
  const seen: string[] = [];
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document' || new URL(route.request().url()).pathname.startsWith('/api/'))
      return route.fallback();
    const res = await route.fetch();
    const html = await res.text();
    const meta = /<meta name="mugen-public-origin" content="([^"]*)"/.exec(html);
    seen.push(meta?.[1] ?? 'none');
    await route.fulfill({
      response: res,
      body: meta ? html.replace(meta[0], `<meta name="mugen-public-origin" content="${origin}"`) : html,
    });
  });
  return seen;
}

const PUBLIC = 'https://mugen.example.jp';

test.describe('sharing on a phone: the share sheet and LINE, with the public address', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

  test('#20: a track, a public playlist and an invitation are shared with PUBLIC_URL, never the listening address', async ({
    page,
    request,
    baseURL,
    newcomer,
  }) => {
    const served = await withPublicUrl(page, PUBLIC);
    await page.addInitScript(() => {
      const w = window as unknown as { __shared: ShareData[] };
      w.__shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          w.__shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const shared = () => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);

    // A track.
    const [track] = await catalogue(request);
    await page.goto(`/track/${track.id}`);
    const actions = page.getByTestId('track-detail').getByTestId('share-actions');
    await actions.getByTestId('share-native').click();
    const trackUrl = trackShareUrl(PUBLIC, track);
    await expect.poll(shared).toEqual([{ title: track.title, text: `「${track.title}」を無限で聴いてみませんか`, url: trackUrl }]);
    await expect(actions.getByTestId('share-line')).toHaveAttribute('href', lineShareUrl(trackUrl));
    await expect(actions.getByTestId('share-line')).toHaveAttribute('target', '_blank');
    await expect(actions.getByTestId('share-line')).toHaveAccessibleName(/LINEで送る/);

    // A public playlist (a free member's playlists are public).
    const res = await page.request.post('/api/playlists', { data: { name: '週末に聴く音声' } });
    expect(res.status()).toBe(201);
    const playlist: Playlist = await res.json();
    await page.goto(`/playlists/${playlist.id}`);
    const hero = page.getByTestId('playlist-hero');
    await hero.getByTestId('share-native').click();
    const playlistUrl = playlistShareUrl(PUBLIC, { ...playlist, userId: newcomer.id });
    expect(playlistUrl).toBe(`${PUBLIC}/${newcomer.id}/playlist/${playlist.id}`);
    await expect.poll(async () => (await shared()).at(-1)?.url).toBe(playlistUrl);
    await expect(hero.getByTestId('share-line')).toHaveAttribute('href', lineShareUrl(playlistUrl));

    // An invitation that can still be used.
    await page.goto('/invite-friends');
    const usable = page.locator('[data-testid="invitation-row"][data-state="usable"]').first();
    const code = await usable.getAttribute('data-code');
    await expect(usable).toContainText(`${PUBLIC}/i/${code}`);
    await usable.getByTestId('share-native').click();
    await expect
      .poll(async () => (await shared()).at(-1))
      .toEqual({
        title: '無限への招待',
        text: '無限に招待します。このリンクから登録できます',
        url: `${PUBLIC}/i/${code}`,
      });
    await expect(usable.getByTestId('share-line')).toHaveAttribute('href', lineShareUrl(`${PUBLIC}/i/${code}`));
    // A used or stopped code offers no sharing.
    await expect(page.locator('[data-testid="invitation-row"]:not([data-state="usable"]) [data-testid="share-actions"]')).toHaveCount(0);
    // Each of the three pages came with the server's meta tag, which the route replaced.
    expect(served).toEqual([baseURL, baseURL, baseURL]);
  });
});

test.describe('sharing on a desktop without a share sheet: LINE and copy', () => {
  test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

  test('L-8-36 #20: copy is the fallback, with the public address and its toast', async ({ page, request, clipboard: _clipboard }) => {
    await withPublicUrl(page, PUBLIC);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
    const [track] = await catalogue(request);
    await page.goto(`/track/${track.id}`);
    const actions = page.getByTestId('track-detail').getByTestId('share-actions');
    await expect(actions.getByTestId('share-line')).toBeVisible();
    await expect(actions.getByTestId('share-native')).toHaveCount(0);
    await actions.getByTestId('share-copy').click();
    await expect(page.getByRole('status').filter({ hasText: 'URLをコピーしました' })).toContainText(trackShareUrl(PUBLIC, track));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackShareUrl(PUBLIC, track));
    await expect(actions.getByTestId('share-copy')).toHaveAttribute('data-copied', 'true');
  });
});

for (const { name, viewport } of WIDTHS) {
  test.describe(`the development sign-in chooser on a ${name}`, () => {
    test.use({ viewport, storageState: { cookies: [], origins: [] } });

    test(`#20: it looks like the product, with the header, a back link and wrapped text, and the browser reports nothing (${name})`, async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
      });
      await page.goto('/api/auth/dev?redirect=%2Fsearch');
      await expect(page.getByRole('heading', { level: 1, name: '開発用ログイン' })).toBeVisible();
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: /ホーム/ })).toHaveAttribute('href', '/');
      await expect(header).toContainText('無限');
      await expect(page.getByRole('link', { name: '戻る' })).toHaveAttribute('href', '/search');
      await expect(page.getByRole('button', { name: /デモユーザー/ })).toBeVisible();
      // Nothing wider than the screen, and the stylesheet applied (the header is the app's 56 px bar).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect((await header.boundingBox())?.height).toBe(57);
      await requestsSettled(page);
      expect(problems).toEqual([]);

      await page.getByRole('link', { name: '戻る' }).click();
      await expect(page).toHaveURL(/\/search$/);
    });
  });
}

test.describe('a signed-out visitor', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("#20: no page logs an error beyond the browser's note of the user check's 401", async ({ page, request }) => {
    const [track] = await catalogue(request);
    // The browser notes every answer of 400 and above itself. Expected: the user check's 401 (signed out),
    // and on a page of nobody (/no-such-page) the 404 of that user, which the page shows as not found.
    const expected = (status: number, url: string) => {
      const path = new URL(url).pathname;
      return (status === 401 && path === '/api/auth/user') || (status === 404 && path === '/api/users/no-such-page');
    };
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const from = m.location().url;
      const status = /status of (\d{3})/.exec(m.text())?.[1];
      if (status && expected(Number(status), from)) return;
      problems.push(`${page.url()}: ${m.text()} (${from})`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400 && !expected(r.status(), r.url())) problems.push(`${r.status()} ${r.url()}`);
    });
    const pages = [
      '/',
      '/search',
      `/track/${track.id}`,
      `/mugen/track/${track.id}`,
      '/mugen',
      '/playlists',
      '/favorites',
      '/profile',
      '/notifications',
      '/create-post',
      '/invite-friends',
      '/premium',
      '/closed-beta',
      '/invalid-invitation',
      '/no-such-page',
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await requestsSettled(page);
    }
    expect(problems).toEqual([]);
  });
});

for (const { name, viewport } of WIDTHS) {
  test.describe(`My Page's posted tracks on a ${name}`, () => {
    test.use({ viewport });

    test(`L-2.7-31 L-2.7-32 L-2.7-33 L-8-30 #20: each row has the visibility toggle, the add-to-playlist menu and delete; a failed change says the spec's words (${name})`, async ({
      page,
      demo: _demo,
    }) => {
      const mine = await (await page.request.get('/api/my-tracks')).json();
      expect(mine.length, 'the demo member has posted tracks').toBeGreaterThan(0);
      await page.goto('/profile?tab=my-tracks');
      const rows = page.getByTestId('my-track-row');
      await expect(rows).toHaveCount(mine.length);
      for (const row of await rows.all()) {
        // The add-to-playlist menu sits between the visibility toggle and delete (listener spec 2.7).
        const ids = await row.locator('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')));
        const controls = ids.filter((id) => id === 'visibility-toggle' || id === 'add-to-playlist-button' || id === 'delete-track');
        expect(controls).toEqual(['visibility-toggle', 'add-to-playlist-button', 'delete-track']);
      }
      const playlists: Playlist[] = await (await page.request.get('/api/playlists')).json();
      await rows.first().getByTestId('add-to-playlist-button').click();
      const panel = viewport.width >= 768 ? page.getByTestId('add-to-playlist-popover') : page.getByRole('dialog');
      await expect(panel.getByTestId('create-playlist-option')).toBeVisible();
      await expect(panel.getByTestId('playlist-choice')).toHaveCount(playlists.length);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      await page.route('**/api/tracks/*/visibility', (route) =>
        route.fulfill({ status: 403, json: { message: 'この音声を変更する権限がありません' } }),
      );
      await rows.first().getByTestId('visibility-toggle').click();
      const confirm = page.getByTestId('confirm-dialog');
      await confirm.getByRole('button', { name: mine[0].isVisible === true ? '非公開にする' : '公開する' }).click();
      const failure = page.getByRole('status').filter({ hasText: 'エラー' });
      await expect(failure).toContainText('公開状態の変更に失敗しました');
      await expect(failure).not.toContainText('権限がありません');
    });
  });
}
