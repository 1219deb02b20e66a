import { expect, test } from './helpers/fixtures';

// Issue 39.2: a member picks the show's shape on the create page: ひとり語り + ショート gives a short
// script in one host's voice, and the choice is kept in the draft.
const TEXT = `図書館は、本を借りるだけの場所ではなくなりました。多くの図書館で、学習スペースや子ども向けの読み聞かせが開かれています。

夜まで開いている図書館も増え、仕事帰りに立ち寄る人もいます。地域の歴史を調べる講座を開く館もあります。

しかし、利用者の数は地域によって大きく違います。予算が減り、開館時間を短くした町もあります。

つまり、図書館は町の居場所として見直されているのです。`;

test.describe('AI creation in more than one shape', () => {
  test('#39.2 a member picks ひとり語り and ショート, keeps them through a reload, and gets a one-voice short script', async ({
    page,
    newcomer: _newcomer,
  }) => {
    await page.goto('/create-post');
    const format = page.getByRole('radiogroup', { name: '番組の形式' });
    await expect(format.getByRole('radio')).toHaveText([
      '対談2人の掛け合い',
      'インタビューケンタが聞き、ハルカが解説',
      '討論賛成と反対に分かれて',
      'ニュース見出し・要点・まとめ',
      'ひとり語りハルカがひとりで',
    ]);
    // Today's talk, standard, unless the member picks another.
    await expect(format.getByRole('radio', { name: /対談/ })).toHaveAttribute('aria-checked', 'true');
    const length = page.getByRole('group', { name: '長さ' });
    await expect(length.getByRole('radio', { name: '標準（3〜5分）' })).toHaveAttribute('aria-checked', 'true');

    await page.getByLabel('テキスト', { exact: true }).fill(TEXT);
    await format.getByRole('radio', { name: /ひとり語り/ }).click();
    await length.getByRole('radio', { name: 'ショート（約1分）' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('create-formats-390x844.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('create-formats-desktop.png'), fullPage: true });

    // Kept in the draft.
    await page.reload();
    await expect(format.getByRole('radio', { name: /ひとり語り/ })).toHaveAttribute('aria-checked', 'true');
    await expect(length.getByRole('radio', { name: 'ショート（約1分）' })).toHaveAttribute('aria-checked', 'true');

    const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/generate-script');
    await page.getByRole('button', { name: '台本を生成' }).click();
    expect((await asked).postDataJSON()).toMatchObject({ format: 'monologue', length: 'short' });
    const script = page.getByTestId('creation-script');
    await expect(script).toContainText('ハルカ：こんにちは、ハルカです。今日は図書館のお話を、ひとりでお届けします。');
    const lines = ((await script.textContent()) ?? '').trim().split('\n');
    expect(new Set(lines.map((l) => l.split('：')[0]))).toEqual(new Set(['ハルカ']));
    // About a minute: the short brief leaves most of the text's sentences out.
    expect(lines.length).toBeLessThan(12);
    expect(lines.at(-1)).toBe('ハルカ：また次回お会いしましょう。');
  });
});
