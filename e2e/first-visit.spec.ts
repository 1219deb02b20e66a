import type { Locator, Page } from '@playwright/test';
import { phrasesOf } from '../src/shared/rules/phrases';
import { holdApp, WIDTHS } from './helpers/first-visit';
import { expect, test } from './helpers/fixtures';
import { catalogue, expectPlaying, heroTitle, seeded } from './helpers/listener';

// Issue 20, the first five minutes of a Japanese listener, at a phone's and a desktop's width: the
// cookie bar covers nothing, the header is whole from the first paint, titles wrap between phrases.
// Sharing is in first-visit-sharing.spec.ts, the chooser, a signed-out visitor and My Page in first-visit-visitor.spec.ts.

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
      const release = await holdApp(page);
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
      const release = await holdApp(page);
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
