import type { Page, Request } from '@playwright/test';
import { expect, test } from './helpers/fixtures';
import { LISTENER } from './helpers/social';
import { animationsDone, holdRequests, requestsSettled } from './helpers/waits';

// Issue 19, creator-operator spec §2.5 to §2.7: the FAQ with the AI support chat, the contact form and
// the legal pages, for a visitor (C-6-01) at a phone's width (the project's 390 x 844) and a desktop's.

const SUBJECTS = ['プレミアム機能について', '技術的な問題', '料金・お支払いについて', '解約について', 'アカウントについて', 'その他'];

/** The POST requests the page sends to a path, as they go. */
function posts(page: Page, path: string) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

async function openChat(page: Page) {
  await page.goto('/faq');
  const card = page.getByTestId('support-chat-card');
  await expect(card.getByRole('heading', { name: 'AIサポートチャット' })).toBeVisible();
  await card.getByRole('button', { name: 'チャットで質問する' }).click();
  const chat = page.getByRole('dialog', { name: 'AIサポート' });
  await expect(chat).toBeVisible();
  return chat;
}

test.describe('support: contact form', () => {
  test('C-2.6-01 C-2.6-02 C-5-09 C-5-10 C-4-27 C-2.6-03 C-7.3-02: a visitor fills the form, sees its checks, sends (sending, then the success screen)', async ({
    page,
  }) => {
    const sent = posts(page, '/api/contact');
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
    const form = page.getByTestId('contact-form');
    const name = form.getByLabel('お名前');
    const email = form.getByLabel('メールアドレス');
    const subject = form.getByLabel('お問い合わせの種類');
    const message = form.getByLabel('お問い合わせ内容');
    await expect(subject).toHaveJSProperty('tagName', 'SELECT');
    await expect(subject.locator('option:not([disabled])')).toHaveText(SUBJECTS);

    // Every field is required: nothing is sent, each says why.
    await form.getByRole('button', { name: '送信する' }).click();
    await expect(form.getByTestId('field-error')).toHaveText([
      'お名前を入力してください',
      'メールアドレスを入力してください',
      'お問い合わせの種類を選択してください',
      'お問い合わせ内容を入力してください',
    ]);
    await expect(name).toBeFocused();
    await name.fill('山田 花子');
    await email.fill('abc');
    await subject.selectOption({ label: '料金・お支払いについて' });
    await message.fill('請求日を教えてください。\n先月の明細も確認したいです。');
    await expect(form.getByTestId('field-error')).toHaveText(['正しい形式のメールアドレスを入力してください']);
    await form.getByRole('button', { name: '送信する' }).click();
    await expect(email).toBeFocused();
    await requestsSettled(page);
    expect(sent).toEqual([]);
    await email.fill('hanako@example.jp');
    await expect(form.getByTestId('field-error')).toHaveCount(0);
    await expect(form.getByText('27/2,000')).toBeVisible();

    // Sending: the button says so and is disabled until the answer.
    const held = await holdRequests(page, '**/api/contact');
    await form.getByRole('button', { name: '送信する' }).click();
    const sending = form.getByRole('button', { name: '送信しています…' });
    await expect(sending).toBeDisabled();
    await expect(name).toBeDisabled();
    await requestsSettled(page);
    expect(sent).toHaveLength(1);
    expect(sent[0].postDataJSON()).toEqual({
      name: '山田 花子',
      email: 'hanako@example.jp',
      subject: 'billing',
      message: '請求日を教えてください。\n先月の明細も確認したいです。',
    });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact');
    held.release();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    const done = page.getByTestId('contact-sent');
    await expect(done.getByRole('heading', { level: 1 })).toHaveText('お問い合わせを受け付けました');
    await expect(done).toContainText('ご入力のメールアドレスへお返事します');
    await expect(done.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');

    // Another message starts from an empty form.
    await done.getByRole('button', { name: '別のお問い合わせをする' }).click();
    await expect(page.getByTestId('contact-form').getByLabel('お問い合わせ内容')).toHaveValue('');
  });

  test('C-8-31: a failed send shows the spec’s message and keeps what was written; sending again succeeds', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'x' }) }),
    );
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('お名前').fill('佐藤 太郎');
    await form.getByLabel('メールアドレス').fill('taro@example.jp');
    await form.getByLabel('お問い合わせの種類').selectOption('technical');
    await form.getByLabel('お問い合わせ内容').fill('再生が途中で止まります。');
    await form.getByRole('button', { name: '送信する' }).click();
    await expect(form.getByRole('alert')).toHaveText('送信に失敗しました。もう一度お試しください。');
    await expect(form.getByLabel('お問い合わせ内容')).toHaveValue('再生が途中で止まります。');
    await expect(form.getByLabel('お問い合わせの種類')).toHaveValue('technical');

    await page.unroute('**/api/contact');
    await form.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByTestId('contact-sent').getByRole('heading', { level: 1 })).toHaveText('お問い合わせを受け付けました');
  });

  test('a signed-in member finds their name and address filled in', async ({ page, listener }) => {
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await expect(form.getByLabel('メールアドレス')).toHaveValue(LISTENER.email);
    await expect(form.getByLabel('お名前')).toHaveValue(listener.name);
  });
});

test.describe('support: FAQ and chat', () => {
  test('C-2.7-01 C-2.7-02 C-2.7-03 C-2.7-04 L-2.1-38: the FAQ accordion answers the spec’s topics; the cancel answer links to /cancel', async ({
    page,
  }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'よくある質問' })).toBeVisible();
    await expect(page.getByTestId('support-chat-card')).toBeVisible();
    const faq = page.getByTestId('faq-accordion');
    for (const question of [
      '無限（Mugen）はどんなサービスですか？',
      'プレミアム会員の特典は何ですか？',
      'プレミアムの料金はいくらですか？',
      'プレミアムを解約するには？',
      'なぜGoogleアカウントでログインするのですか？',
      'オフラインでも聴けますか？',
      '音声が再生されない・うまく動かないときは？',
      '対応しているブラウザは？',
    ]) {
      const header = faq.getByRole('button', { name: question });
      await expect(header).toHaveAttribute('aria-expanded', 'false');
      await header.click();
      await expect(header).toHaveAttribute('aria-expanded', 'true');
    }
    await expect(faq.getByText('プレミアムの料金は月額550円（税込）です。')).toBeVisible();
    await expect(faq.getByText('最新版のChrome、Safari、Firefox、Edgeに対応しています。', { exact: false })).toBeVisible();
    await faq.getByRole('link', { name: '解約・一時停止のページ' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/cancel');
  });

  test('C-2.5-01..06 C-2.5-08 C-5-11 C-5-12 C-4-28 C-7.3-01: a visitor asks the chat about the price and cancelling and gets the right answers', async ({
    page,
  }) => {
    const asked = posts(page, '/api/ai-chat');
    await page.goto('/faq');
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    const chat = await openChat(page);
    // The greeting, with its time; the footer is hidden while the chat is open.
    const log = chat.getByRole('log');
    await expect(log.getByTestId('chat-message')).toHaveCount(1);
    await expect(log.getByTestId('chat-message').first()).toHaveAttribute('data-type', 'bot');
    await expect(log.getByTestId('chat-message-text').first()).toContainText('無限のAIサポートです');
    await expect(log.getByTestId('chat-time').first()).toHaveText(/^\d{2}:\d{2}$/);
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);

    const input = chat.getByRole('textbox', { name: 'メッセージ' });
    const send = chat.getByRole('button', { name: '送信' });
    // Blank text is not sent, by Enter or by the button.
    await input.fill('   ');
    await expect(send).toBeDisabled();
    await input.press('Enter');
    await requestsSettled(page);
    expect(asked).toEqual([]);

    // Shift+Enter is a new line, not a send.
    await input.fill('料金は');
    await input.press('Shift+Enter');
    await input.pressSequentially('いくらですか？');
    await expect(input).toHaveValue('料金は\nいくらですか？');
    await requestsSettled(page);
    expect(asked).toEqual([]);

    // Enter sends; while the reply is pending the indicator shows and nothing more is sent.
    const held = await holdRequests(page, '**/api/ai-chat');
    await input.press('Enter');
    await expect(chat.getByTestId('chat-thinking')).toBeVisible();
    await expect(chat.getByRole('status')).toHaveText('AIが回答を考えています…');
    await requestsSettled(page);
    expect(asked.map((r) => r.postDataJSON())).toEqual([{ message: '料金は\nいくらですか？', context: 'customer_support' }]);
    await expect(input).toHaveValue('');
    await input.fill('もう一つ質問です');
    await expect(send).toBeDisabled();
    await input.press('Enter');
    await requestsSettled(page);
    expect(asked).toHaveLength(1);
    held.release();
    await expect(chat.getByTestId('chat-thinking')).toHaveCount(0);
    const messages = log.getByTestId('chat-message');
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(1)).toHaveAttribute('data-type', 'user');
    await expect(messages.nth(1).getByTestId('chat-message-text')).toHaveText('料金は\nいくらですか？');
    const price = messages.nth(2);
    await expect(price).toHaveAttribute('data-type', 'bot');
    await expect(price.locator('strong').first()).toHaveText('プレミアムの料金はいくらですか？');
    await expect(price.locator('strong', { hasText: '月額550円（税込）' })).toBeVisible();
    await expect(price.getByTestId('chat-time')).toHaveText(/^\d{2}:\d{2}$/);

    // The cancel question gets the cancel answer, with /cancel as a link that leaves the chat for the page.
    await input.fill('解約したいです');
    await send.click();
    const cancel = messages.nth(4);
    await expect(cancel.locator('strong').first()).toHaveText('プレミアムを解約するには？');
    await expect(cancel).toContainText('次回の更新日の24時間前までに解約すると');
    await requestsSettled(page);
    expect(asked).toHaveLength(2);
    await cancel.getByRole('link', { name: '/cancel' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/cancel');
    await expect(chat).toBeHidden();
  });

  test('C-2.5-08: closing the chat brings the footer back; the conversation is kept while the page lasts', async ({ page }) => {
    const chat = await openChat(page);
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await chat.getByRole('textbox', { name: 'メッセージ' }).fill('対応ブラウザは？');
    await chat.getByRole('textbox', { name: 'メッセージ' }).press('Enter');
    await expect(chat.getByTestId('chat-message').nth(2)).toContainText('最新版のChrome、Safari、Firefox、Edgeに対応しています。');
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await page.getByRole('button', { name: 'チャットで質問する' }).click();
    await expect(page.getByRole('dialog', { name: 'AIサポート' }).getByTestId('chat-message')).toHaveCount(3);
  });

  test('C-2.5-07 C-8-32 C-8-33 C-3-13: replies show bold, italic and new lines but never HTML; a failure apologises, an empty reply says it could not answer', async ({
    page,
  }) => {
    let reply: { status: number; body: unknown } = { status: 200, body: { response: '' } };
    await page.route('**/api/ai-chat', (route) =>
      route.fulfill({ status: reply.status, contentType: 'application/json', body: JSON.stringify(reply.body) }),
    );
    const chat = await openChat(page);
    const input = chat.getByRole('textbox', { name: 'メッセージ' });
    const messages = chat.getByTestId('chat-message');

    reply = { status: 200, body: { response: '**太字**と*斜体*です。\n2行目<img src=x onerror="document.title=\'xss\'"><b>b</b>' } };
    await input.fill('書式のテスト');
    await input.press('Enter');
    const formatted = messages.nth(2).getByTestId('chat-message-text');
    await expect(formatted.locator('strong')).toHaveText('太字');
    await expect(formatted.locator('em')).toHaveText('斜体');
    await expect(formatted.locator('br')).toHaveCount(1);
    await expect(formatted).toContainText('2行目<img src=x onerror="document.title=\'xss\'"><b>b</b>');
    await expect(formatted.locator('img, b')).toHaveCount(0);
    await expect(page).not.toHaveTitle('xss');

    reply = { status: 500, body: { message: 'サーバーでエラーが発生しました' } };
    await input.fill('失敗のテスト');
    await input.press('Enter');
    await expect(messages.nth(4)).toHaveAttribute('data-type', 'bot');
    await expect(messages.nth(4).getByTestId('chat-message-text')).toHaveText(
      '申し訳ありません。一時的な問題が発生しました。しばらくしてからもう一度お試しください。',
    );

    reply = { status: 200, body: { response: '   ' } };
    await input.fill('空の返事のテスト');
    await input.press('Enter');
    await expect(messages.nth(6).getByTestId('chat-message-text')).toHaveText('回答を生成できませんでした。もう一度お試しください。');
  });
});

test.describe('support: legal pages', () => {
  test('C-2.7-05 C-2.7-06 C-2.7-07..12 L-2.1-39..41: the terms, privacy policy and commercial-law disclosure, linked from the premium page and to each other from the footer', async ({
    page,
  }) => {
    // Where premium is bought, the disclosure and the terms are one tap away.
    await page.goto('/premium');
    await page.getByTestId('site-footer').getByRole('link', { name: '利用規約' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/terms');
    await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible();
    await expect(page.getByTestId('legal-effective')).toHaveText('2025年5月29日 施行');
    await expect(page.getByRole('heading', { level: 2, name: '第6条（解約と一時停止）' })).toBeVisible();
    await expect(page.getByText('月額550円（税込）の有料プランです', { exact: false })).toBeVisible();

    const footer = page.getByTestId('site-footer');
    await footer.getByRole('link', { name: 'プライバシーポリシー' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '4. アクセス解析と広告' })).toBeVisible();
    await expect(
      page.getByText('第三者のアクセス解析ツールや広告配信のためのトラッキングを一切使っていません', { exact: false }),
    ).toBeVisible();

    await page.getByTestId('site-footer').getByRole('link', { name: '特定商取引法に基づく表記' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/commercial-law');
    await expect(page.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeVisible();
    await expect(page.getByTestId('legal-effective')).toHaveText('2025年6月1日 施行');
    const table = page.getByTestId('legal-table');
    const row = (label: string) => table.locator('div', { has: page.locator('dt', { hasText: label }) }).locator('dd');
    await expect(row('販売価格')).toHaveText('無限プレミアム：月額550円（税込）');
    await expect(row('お支払い方法')).toContainText('クレジットカード決済');
    await expect(row('お支払い時期')).toContainText('毎月、お申し込みの日と同じ日に自動で決済');
    await expect(row('返品・返金')).toContainText('お支払い後の返品・返金はお受けしておりません');
    await expect(row('解約について')).toContainText('次回の更新日の24時間前までに');
    await expect(row('解約について')).toContainText('次回の更新日の前日まで');
    await expect(page.getByTestId('site-footer').getByText('特定商取引法に基づく表記')).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('site-footer').getByRole('link', { name: 'お問い合わせ' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/contact');
  });
});

test.describe('support at a desktop’s width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('C-2.5-08 the FAQ puts the chat beside the answers; the chat is a centred dialog and the navigation hides while it is open', async ({
    page,
  }) => {
    await page.goto('/faq');
    const card = page.getByTestId('support-chat-card');
    const list = page.getByTestId('faq-accordion');
    await expect(card).toBeVisible();
    await expect(list).toBeVisible();
    // #27.7: boxes are measured once the page has settled (its entrance animations ended).
    await animationsDone(page);
    const [cardBox, listBox] = [(await card.boundingBox())!, (await list.boundingBox())!];
    expect(cardBox.x).toBeGreaterThan(listBox.x + listBox.width);
    await card.getByRole('button', { name: 'チャットで質問する' }).click();
    const chat = page.getByRole('dialog', { name: 'AIサポート' });
    // With a mouse, the input has the focus at once.
    await expect(chat.getByRole('textbox', { name: 'メッセージ' })).toBeFocused();
    // The dialog rises and scales in: its box is its own once the entrance has ended (#27.7).
    await animationsDone(page);
    const box = (await chat.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(512);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await page.keyboard.type('Safariは対応してる？');
    await page.keyboard.press('Enter');
    // The answer's words come from the dictionary thread, which loads kuromoji again after an idle minute.
    await expect(chat.getByTestId('chat-message').nth(2)).toContainText('最新版のChrome、Safari、Firefox、Edge', { timeout: 30_000 });
  });

  test('the commercial-law disclosure is a two-column table', async ({ page }) => {
    await page.goto('/commercial-law');
    const dt = page.getByTestId('legal-table').locator('dt', { hasText: '販売価格' });
    const dd = page.getByTestId('legal-table').locator('dd', { hasText: '月額550円' });
    const [a, b] = [await dt.boundingBox(), await dd.boundingBox()];
    expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width - 1).toBe(true);
  });
});

test.describe('support on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the chat rises as a sheet without opening the keyboard, and a tap on send asks', async ({ page }) => {
    const chat = await openChat(page);
    const input = chat.getByRole('textbox', { name: 'メッセージ' });
    await expect(input).not.toBeFocused();
    // Measured once the sheet has finished rising (mid-animation it still sits below the screen's edge).
    await animationsDone(page);
    const box = await chat.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(844);
    await input.tap();
    await input.fill('オフラインで聴けますか');
    await chat.getByRole('button', { name: '送信' }).tap();
    await expect(chat.getByTestId('chat-message').nth(2)).toContainText('プレミアム会員の「オフライン保存」');
  });
});
