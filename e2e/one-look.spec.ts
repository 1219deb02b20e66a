import type { APIRequestContext, Page } from '@playwright/test';
import type { Playlist } from '../src/shared/schemas/playlist';
import type { Track } from '../src/shared/schemas/track';
import { expect, test } from './helpers/fixtures';
import { catalogue, expectPlaying, openHero } from './helpers/listener';
import { listenerPages, type PageIds } from './helpers/listener-pages';
import { demoTracks } from './helpers/social';
import { animationsDone, nextFrame, requestsSettled } from './helpers/waits';

/**
 * Issue 20, one look: the listener side reads as one product at 390 px and at 1280 px. The same track
 * row in every list, one list of category names, no English labels, the mini player never over a row's
 * buttons, a play button that stays put when the speed label changes, no layout shift.
 */

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const STRATEGY = '小さなお店が長く愛されるための三つの工夫'; // tagged ビジネス戦略, an alias of ビジネス
const BUSINESS = 'はじめての在宅勤務を快適にするには'; // tagged ビジネス

/** The layout shift budget of every page (issue 20). */
const CLS_BUDGET = 0.02;

/** Records every layout shift without recent input from the page's start (the web vital's entries). */
function recordShifts() {
  const w = window as unknown as { e2eShifts: { value: number; sources: string[] }[] };
  w.e2eShifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
      if (e.hadRecentInput) continue;
      w.e2eShifts.push({
        value: e.value,
        sources: e.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName} ${s.node.className}`.slice(0, 90) : '#text')),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The total of the page's layout shifts so far, with what moved. */
async function layoutShift(page: Page) {
  const shifts = await page.evaluate(() => (window as unknown as { e2eShifts: { value: number; sources: string[] }[] }).e2eShifts);
  return { total: shifts.reduce((n, s) => n + s.value, 0), shifts };
}

async function pageIds(request: APIRequestContext): Promise<PageIds> {
  const tracks = await catalogue(request);
  const mine = await demoTracks(request);
  return { officialTrackId: (tracks.find((t) => t.posterName === null) ?? tracks[0]).id, memberTrackId: mine[0].id };
}

/**
 * Latin words a listener page may show: the brand, other products' names, and the abbreviations Japanese
 * is written with (URL, PWA, kbps); never a label in English.
 */
const ALLOWED_WORDS = new Set([
  ...['MUGEN', 'Mugen', 'Google', 'LINE', 'Cookie', 'URL', 'PWA', 'kbps'],
  // The voice's credit, as its licence (CC BY 3.0) asks: 「Open JTalk（HTS Voice "NIT ATR503 M001"、…）」.
  ...['Open', 'JTalk', 'HTS', 'Voice', 'NIT', 'ATR'],
]);

/**
 * The visible text of the page as words of Latin letters, without what is data rather than a label:
 * addresses, e-mail addresses, @handles and invitation codes.
 */
async function englishWords(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the words a person sees; textContent would add hidden text and the inline scripts
  const text = await page.locator('body').innerText();
  const words = text.replace(/https?:\/\/\S+|[\w.-]+:\d+\/\S*|[\w.+-]*@[\w.-]+|\b[A-Z2-9]{8}\b/g, ' ').match(/[A-Za-z]{3,}/g);
  return [...new Set(words ?? [])].filter((w) => !ALLOWED_WORDS.has(w));
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`one look on a ${name}`, () => {
    test.use({ viewport });

    test(`#20 L-2.7-19 L-2.7-31: the same track row in every list: search, My Page's tabs, favourites, playlists, profiles (${name})`, async ({
      page,
      request,
      demo: _demo,
    }) => {
      const ids = await pageIds(request);
      const tracks = await catalogue(request);
      const liked = tracks.find((t) => t.title === STRATEGY) ?? tracks[0];
      await page.request.post(`/api/likes/${liked.id}`);
      const res = await page.request.post('/api/playlists', { data: { name: `一つの見た目 ${Date.now() % 100_000}`, isPublic: true } });
      expect(res.status()).toBe(201);
      const playlist: Playlist = await res.json();
      expect((await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: liked.id } })).status()).toBe(200);
      try {
        const lists: { path: string; list: string }[] = [
          { path: `/search?search=${encodeURIComponent('工夫')}`, list: 'search-results' },
          { path: '/search', list: 'search-results' },
          { path: '/profile', list: 'favorites-list' },
          { path: '/profile?tab=my-tracks', list: 'my-tracks-list' },
          { path: '/favorites', list: 'favorites-list' },
          { path: `/playlists/${playlist.id}`, list: 'sortable-tracks' },
          { path: `/demo/playlist/${playlist.id}`, list: 'playlist-tracks' },
          { path: '/demo', list: 'profile-tracks' },
          { path: `/mugen/track/${ids.officialTrackId}`, list: '' },
        ];
        const shapes = new Set<string>();
        for (const { path, list } of lists) {
          if (!list) continue;
          await page.goto(path);
          const rows = page.getByTestId(list).getByTestId('track-row');
          await expect(rows.first(), path).toBeVisible();
          // Each row: one avatar, one title link, one line of details, in that order, at least 72 px tall.
          const shape = await rows.evaluateAll((els) =>
            els.map((row) => {
              const avatar = row.querySelectorAll('[data-avatar]').length;
              const links = row.querySelectorAll('[data-testid="track-row-link"]').length;
              const details = row.querySelector('[data-testid="track-row-link"] + p') !== null;
              const tall = row.getBoundingClientRect().height >= 72;
              return `avatar ${avatar}, title link ${links}, details ${details}, 72px ${tall}`;
            }),
          );
          for (const s of shape) shapes.add(s);
          expect(shape.length, path).toBeGreaterThan(0);
        }
        expect([...shapes]).toEqual(['avatar 1, title link 1, details true, 72px true']);
      } finally {
        await page.request.delete(`/api/playlists/${playlist.id}`);
        await page.request.delete(`/api/likes/${liked.id}`);
      }
    });

    test(`#20 L-2.10-03 L-2.10-02: a track tagged with an alias shows the canonical chip the search tabs use (${name})`, async ({
      page,
      request,
    }) => {
      const tracks = await catalogue(request);
      const strategy = tracks.find((t) => t.title === STRATEGY) as Track;
      expect(strategy.category).toBe('ビジネス戦略');
      await page.goto(`/mugen/track/${strategy.id}`);
      const chip = page.getByTestId('track-detail').getByTestId('category-chip');
      await expect(chip).toHaveText(['ビジネス']);
      await expect(chip).toHaveAttribute('href', `/search?category=${encodeURIComponent('ビジネス')}`);
      await chip.click();
      const tabs = page.getByRole('tablist', { name: 'カテゴリ' }).getByRole('tab');
      await expect(page.getByRole('tab', { name: 'ビジネス', exact: true, selected: true })).toBeVisible();
      const names = await tabs.allInnerTexts();
      expect(names).toContain('政治・社会');
      expect(names).not.toContain('ビジネス戦略');
      expect(names).not.toContain('社会・政治');
      const results = page.getByTestId('search-results').getByTestId('track-row-link');
      await expect(results).toHaveCount(2);
      expect((await results.allInnerTexts()).sort()).toEqual([BUSINESS, STRATEGY].sort());
      // An alias in the address selects the canonical tab.
      await page.goto(`/search?category=${encodeURIComponent('社会・政治')}`);
      await expect(page.getByRole('tab', { name: '政治・社会', selected: true })).toBeVisible();
    });

    test(`#20 L-2.1-04: the chips start in line with the search box, and おすすめ is not selected while keyword results show (${name})`, async ({
      page,
      request,
    }) => {
      await catalogue(request);
      await page.goto('/search');
      const box = page.getByRole('searchbox', { name: '検索キーワード' });
      const recommended = page.getByRole('tab', { name: 'おすすめ' });
      await expect(recommended).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: 'ニュース' })).toBeVisible();
      const boxRect = (await box.boundingBox())!;
      const first = (await recommended.boundingBox())!;
      expect(Math.abs(first.x - boxRect.x)).toBeLessThanOrEqual(1);
      if (viewport.width >= 1024) {
        // On a desktop the row ends with the box too (it does not run into the margin).
        const list = (await page.getByTestId('category-tabs').boundingBox())!;
        expect(Math.abs(list.x + list.width - (boxRect.x + boxRect.width))).toBeLessThanOrEqual(1);
      }

      await box.fill('温泉');
      await expect(page.getByTestId('search-results').getByTestId('track-row').first()).toBeVisible();
      await expect(page.getByTestId('search-count')).toBeVisible();
      await expect(recommended).toHaveAttribute('aria-selected', 'false');
      await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);
      // おすすめ is the recommended list: chosen now, it clears the keyword.
      await recommended.click();
      await expect(page.getByRole('heading', { name: 'おすすめの音声' })).toBeVisible();
      await expect(box).toHaveValue('');
      await expect(recommended).toHaveAttribute('aria-selected', 'true');
      // A category with a keyword, and the category pressed again: the keyword's results in every category.
      await box.fill('の');
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('の');
      const news = page.getByRole('tab', { name: 'ニュース' });
      await news.click();
      await expect(news).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('ニュース');
      await news.click();
      await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBeNull();
      await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);
      expect(new URL(page.url()).searchParams.get('search')).toBe('の');
    });

    test(`#20: the play button stays put while the speed label changes, on the home player and the bar (${name})`, async ({
      page,
      request,
    }) => {
      const hero = await openHero(page, request);
      const play = hero.getByRole('button', { name: '再生', exact: true });
      await expect(play).toBeEnabled();
      const speed = hero.getByRole('button', { name: /再生速度/ });
      const at = async () => (await hero.locator('button[data-ready]').boundingBox())!;
      const before = await at();
      // 1x → 1.25x → 1.5x: the widest labels and back to the narrowest.
      for (const rate of ['1.25', '1.5']) {
        await speed.click();
        await expect(speed).toHaveAttribute('data-rate', rate);
        expect(await at()).toEqual(before);
      }
      await play.click();
      await expectPlaying(page);
      await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: '検索' }).click();
      const bar = page.getByTestId('player-bar');
      await expect(bar).toBeVisible();
      const barSpeed = bar.getByRole('button', { name: /再生速度/ });
      const barAt = async () => (await bar.locator('button[data-ready]').boundingBox())!;
      const barBefore = await barAt();
      // 1.5x → 2x (the trial starts) → 1x.
      for (const rate of ['2', '1']) {
        await barSpeed.click();
        await expect(barSpeed).toHaveAttribute('data-rate', rate);
        expect(await barAt()).toEqual(barBefore);
      }
    });

    test(`#20 L-2.4-19: the mini player never covers the last row's buttons (${name})`, async ({ page, request }) => {
      await catalogue(request);
      await page.goto('/');
      await page.getByTestId('hero-player').getByRole('button', { name: '再生', exact: true }).click();
      await expectPlaying(page);
      await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: '検索' }).click();
      const rows = page.getByTestId('search-results').getByTestId('track-row');
      await expect(rows.first()).toBeVisible();
      await page.getByRole('button', { name: 'プレイヤーを最小化' }).click();
      const mini = page.getByTestId('mini-player');
      await expect(mini).toBeVisible();
      await expect(page.getByTestId('mini-player-room')).toBeAttached();
      // Scrolled to the end, every button of the last row is what a tap at its centre reaches.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await nextFrame(page);
      const last = rows.last();
      const buttons = last.getByRole('button');
      expect(await buttons.count()).toBeGreaterThan(0);
      for (const button of await buttons.all()) {
        await expect(button).toBeInViewport();
        const hit = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return at !== null && el.contains(at);
        });
        expect(hit).toBe(true);
      }
      const miniBox = (await mini.boundingBox())!;
      const rowBox = (await last.boundingBox())!;
      expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(miniBox.y);
      await mini.getByRole('button', { name: 'プレイヤーを元のサイズに戻す' }).click();
      await expect(page.getByTestId('mini-player-room')).toHaveCount(0);
    });
  });

  for (const signedIn of [false, true]) {
    const who = signedIn ? 'a member' : 'a visitor';
    test.describe(`every listener page for ${who} on a ${name}`, () => {
      test.use({ viewport });

      test(`#20: every listener page shifts its layout less than ${CLS_BUDGET} and shows no English label (${who}, ${name})`, async ({
        page,
        request,
      }) => {
        test.setTimeout(180_000);
        const ids = await pageIds(request);
        if (signedIn) expect((await page.request.post('/api/auth/dev-login', { data: { email: 'demo@example.com' } })).status()).toBe(200);
        await page.addInitScript(recordShifts);
        const measured: Record<string, number> = {};
        const shifted: Record<string, unknown> = {};
        const english: Record<string, string[]> = {};
        for (const p of listenerPages(ids)) {
          await page.goto(p.path);
          // The page's content in place, its requests answered, its entrances ended: then the shift so far.
          await expect(page.locator(signedIn ? p.ready.in : p.ready.out).first(), p.path).toBeVisible();
          await requestsSettled(page);
          await animationsDone(page);
          await nextFrame(page);
          const { total, shifts } = await layoutShift(page);
          measured[p.name] = Math.round(total * 1000) / 1000;
          if (total >= CLS_BUDGET) shifted[p.path] = shifts;
          const words = await englishWords(page);
          if (words.length) english[p.path] = words;
        }
        console.log(`layout shift (${who}, ${name}):`, JSON.stringify(measured));
        expect(shifted).toEqual({});
        expect(english).toEqual({});
      });
    });
  }
}
