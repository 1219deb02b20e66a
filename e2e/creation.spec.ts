import { expect, test } from './helpers/fixtures';
import { toastWith } from './helpers/identity';

// Issue 15, creator spec §2.1: a member's text becomes a fact-checked two-host script, a spoken
// preview and a published track.
test.describe('AI creation', () => {
  test('C-creation: a member writes, reviews the fact check, previews (it plays), publishes, sees progress and lands on the track', async ({
    page,
    newcomer: _newcomer,
  }) => {
    await page.goto('/create-post');
    await expect(page.getByRole('heading', { name: 'AI音声を作成' })).toBeVisible();
    await expect(page.getByTestId('posting-status')).toHaveText('本日の作成 0/3回（残り3回）');

    // C-5-01: generating with empty text says so and sends nothing.
    const scriptCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/generate-script') scriptCalls.push(r.method());
    });
    const generate = page.getByRole('button', { name: '台本を生成' });
    const text = page.getByLabel('テキスト', { exact: true });
    await text.fill('   ');
    await generate.click();
    await expect(page.getByTestId('creation-input-error')).toHaveText('テキストを入力してください');
    expect(scriptCalls).toEqual([]);

    const rate = page.getByLabel('話す速さ');
    await rate.focus();
    await page.keyboard.press('PageUp');
    await expect(page.getByText('2.0倍')).toBeVisible();
    await page.keyboard.press('PageDown');
    await expect(page.getByText('1.0倍')).toBeVisible();
    // L-3-24: the speaking rate is kept in the browser, through a reload and a restart.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByText('1.3倍')).toBeVisible();
    await page.reload();
    await expect(page.getByText('1.3倍')).toBeVisible();
    await page.getByTestId('creation-restart').click();
    await expect(page.getByText('1.3倍')).toBeVisible();

    await text.fill('朝の散歩は体にも心にも良い習慣です。毎朝30分歩くと必ず健康になります。途中で季節の花を見つけるのも楽しみです。');
    await expect(page.getByTestId('creation-counter')).toHaveText('56/2,000');
    await expect(page.getByTestId('creation-input-error')).toHaveCount(0);
    await page.getByLabel('タイトル（任意）').fill('朝の散歩のすすめ');

    await generate.click();
    const factCheck = page.getByTestId('fact-check');
    await expect(factCheck.getByText('要確認')).toBeVisible();
    await expect(factCheck.getByText(/は外部の情報源で確認できていません/).first()).toBeVisible();
    await expect(page.getByTestId('creation-script')).toContainText('ハルカ：こんにちは、ハルカです。');
    await factCheck.getByRole('button', { name: 'ファクトチェックを反映' }).click();
    await expect(factCheck.getByText('確認済み')).toBeVisible();
    await expect(page.getByTestId('creation-script')).toContainText('と言われています');
    // The labels the writer chose, and one more found with the category search (debounced, one request).
    const categories = page.getByTestId('creation-categories');
    await expect(categories.getByTestId('chosen-categories').getByRole('listitem')).toHaveText(['健康・ウェルネス', 'ライフスタイル']);
    await expect(categories.getByTestId('category-suggestions').getByRole('button')).toHaveCount(13);
    const searched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/categories/search');
    await categories.getByTestId('category-input').pressSequentially('ニュ', { delay: 50 });
    expect(new URL((await searched).url()).searchParams.get('q')).toBe('ニュ');
    await categories.getByTestId('category-suggestions').getByRole('button', { name: 'ニュース' }).click();
    await expect(categories.getByTestId('chosen-categories').getByRole('listitem')).toHaveText([
      '健康・ウェルネス',
      'ライフスタイル',
      'ニュース',
    ]);

    await page.getByRole('button', { name: '音声プレビューを作成' }).click();
    const player = page.getByTestId('creation-preview-audio');
    await expect(player).toBeVisible({ timeout: 60_000 });
    await player.evaluate((a: HTMLAudioElement) => a.play());
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2);
    await player.evaluate((a: HTMLAudioElement) => a.pause());

    // A new preview of the draft: the server forgets the one before it at once.
    const first = new URL((await player.getAttribute('src')) ?? '', page.url()).pathname.split('/').pop();
    await page.getByRole('button', { name: '台本に戻る' }).click();
    const forgotten = page.waitForRequest((r) => r.method() === 'DELETE' && new URL(r.url()).pathname === `/api/cleanup-preview/${first}`);
    await page.getByRole('button', { name: '音声プレビューを作成' }).click();
    await forgotten;
    await expect(player).toBeVisible({ timeout: 60_000 });
    expect(new URL((await player.getAttribute('src')) ?? '', page.url()).pathname).not.toContain(first);
    expect((await page.request.get(`/api/previews/${first}`)).status()).toBe(404);
    await expect(page.getByTestId('posting-status')).toHaveText('本日の作成 2/3回（残り1回）');

    await page.getByRole('button', { name: '最終確認へ' }).click();
    const publish = page.getByRole('button', { name: '投稿する' });
    await expect(publish).toBeDisabled();
    await page.getByLabel(/利用規約に同意します/).check();
    await publish.click();
    await expect(page.getByTestId('publish-progress')).toBeVisible();
    await page.waitForURL(/\/track\/\d+$/, { timeout: 90_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const track = await (await page.request.get(`/api/tracks/${id}`)).json();
    expect(track).toMatchObject({
      title: '朝の散歩のすすめ',
      category: '健康・ウェルネス,ライフスタイル,ニュース',
      posterName: 'テスト新規',
      isVisible: true,
    });
    expect(track.duration).toBeGreaterThan(10);

    // The transcript follows the audio: a tap on a line plays from there and lights it up.
    const transcript = page.getByTestId('transcript');
    const line = transcript.getByRole('listitem').nth(3);
    await expect(line).toBeVisible();
    // The line's own button (a claim mark and 読み間違いを報告 follow it).
    await line.getByRole('button').first().click();
    await expect(line).toHaveAttribute('aria-current', 'true');
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll('audio')].some((a) => !a.paused && a.currentTime > 1)))
      .toBe(true);
    await expect(transcript.locator('[aria-current="true"]')).toHaveCount(1);
  });

  test('#24.8: a free member who made three previews today publishes the third (the use was spent at preview)', async ({
    page,
    newcomer: _newcomer,
  }) => {
    const SCRIPT = 'ハルカ：こんにちは。\nケンタ：こんにちは。';
    // Two previews made earlier today (the API, as another tab would).
    for (let i = 0; i < 2; i++) {
      const made = await page.request.post('/api/generate-audio-preview', { data: { script: SCRIPT, title: '', speakingRate: 1 } });
      expect(made.status()).toBe(200);
    }
    await page.goto('/create-post');
    await expect(page.getByTestId('posting-status')).toHaveText('本日の作成 2/3回（残り1回）');
    await page
      .getByLabel('テキスト', { exact: true })
      .fill('夜の読書は心を落ち着けてくれます。寝る前の三十分を本と過ごすのがおすすめです。');
    await page.getByLabel('タイトル（任意）').fill('夜の読書');
    await page.getByRole('button', { name: '台本を生成' }).click();
    await page.getByRole('button', { name: '音声プレビューを作成' }).click();
    await expect(page.getByTestId('creation-preview-audio')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('posting-status')).toHaveText('本日の作成 3/3回（残り0回）');
    await page.getByRole('button', { name: '最終確認へ' }).click();
    const publish = page.getByRole('button', { name: '投稿する' });
    await page.getByLabel(/利用規約に同意します/).check();
    // Nothing left today, and still this preview may be published: it is the use already spent.
    await expect(publish).toBeEnabled();
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/publish-track');
    await publish.click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByTestId('publish-progress')).toBeVisible();
  });

  test('#24.7: the script writer takes 5 calls a minute; the sixth shows its Japanese message on the creation page', async ({
    page,
    newcomer: _newcomer,
  }) => {
    // The five calls and the click fall in one clock minute: start with at least 30 s of it left.
    await expect.poll(() => Date.now() % 60_000 < 30_000, { timeout: 40_000 }).toBe(true);
    const body = { inputText: '朝の散歩', originalScript: 'ハルカ：こんにちは', issues: ['x'] };
    for (let i = 0; i < 5; i++) expect((await page.request.post('/api/regenerate-script', { data: body })).status()).toBe(200);
    await page.goto('/create-post');
    await page.getByLabel('テキスト', { exact: true }).fill('朝の散歩は体にも心にも良い習慣です。');
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/generate-script');
    await page.getByRole('button', { name: '台本を生成' }).click();
    expect((await refused).status()).toBe(429);
    await expect(toastWith(page, '台本の作成・修正は1分間に5回までです。少し待ってからもう一度お試しください')).toBeVisible();
    // Still on the input step, the text kept.
    await expect(page.getByLabel('テキスト', { exact: true })).toHaveValue('朝の散歩は体にも心にも良い習慣です。');
  });

  test('C-creation: a visitor opening /create-post ends on /closed-beta (login required)', async ({ page }) => {
    await page.goto('/create-post');
    await expect(page).toHaveURL((url) => url.pathname === '/closed-beta');
  });
});
