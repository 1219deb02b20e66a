import { expect, test } from './helpers/fixtures';
import { toastWith } from './helpers/identity';
import { seeded } from './helpers/listener';
import { signInAsOperator } from './helpers/operator';

// Issue 25.3: a listener reports a misread transcript line (読み間違いを報告); the operator sees the report
// in 音声管理 › 読み辞書, adds the entry (the report shows the new reading at once), has the track's audio
// made again (the report is resolved when the task completes), and deletes the entry again.

test('#25.3 a listener reports a misread line; the operator fixes the reading and regenerates the track', async ({ page, listener }) => {
  void listener;
  test.setTimeout(240_000);
  const tracks = (await (await page.request.get('/api/users/demo/tracks')).json()) as { id: number; title: string }[];
  const track = seeded(tracks.at(-1), 'track of the demo member');
  const { id } = track;
  const { lines } = (await (await page.request.get(`/api/tracks/${id}/transcript`)).json()) as { lines: { text: string }[] };
  const line = lines.findIndex((l) => /\p{Script=Han}{2,}/u.test(l.text));
  expect(line).toBeGreaterThanOrEqual(0);
  const word = /\p{Script=Han}{2,}/u.exec(lines[line].text)?.[0] ?? '';

  // The listener: the flag beside the line, a note, sent.
  await page.goto(`/track/${id}`);
  const transcript = page.getByTestId('transcript');
  await expect(transcript.getByRole('listitem')).toHaveCount(lines.length);
  await transcript.getByRole('button', { name: `${line + 1}行目の読み間違いを報告`, exact: true }).click();
  const dialog = page.getByTestId('report-misreading-dialog');
  await expect(dialog.getByRole('heading', { name: '読み間違いを報告' })).toBeVisible();
  await expect(dialog.locator('blockquote')).toHaveText(lines[line].text);
  await dialog.getByLabel('どこがどう読まれたか（任意）').fill(`「${word}」の読みが違います`);
  await dialog.getByTestId('report-misreading-submit').click();
  await expect(toastWith(page, '読み間違いを報告しました。ありがとうございます。')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The operator (the same browser, signed in to the console too).
  await signInAsOperator(page);
  await page.goto('/admin?tab=audio&view=readings');
  const section = page.getByTestId('admin-readings');
  const report = section.getByTestId('reading-report').filter({ hasText: lines[line].text });
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(`${track.title}・${line + 1}行目`);
  await expect(report).toContainText(`メモ：「${word}」の読みが違います`);

  // A reading that is not kana is refused in Japanese, in the form.
  const form = section.getByTestId('reading-form');
  await form.getByLabel('表記').fill(word);
  await form.getByLabel('読み（カタカナ）').fill('abc');
  await form.getByTestId('reading-save').click();
  await expect(form.getByText('読みはカタカナ（またはひらがな）で入力してください')).toBeVisible();
  // Hiragana is taken as katakana; the report shows the line's new reading at once.
  await form.getByLabel('読み（カタカナ）').fill('よみかえてすと');
  await form.getByTestId('reading-save').click();
  await expect(toastWith(page, `「${word}」の読みを登録しました`)).toBeVisible();
  const entry = section.getByTestId('reading-entry').filter({ hasText: word });
  await expect(entry).toContainText(`${word}→ヨミカエテスト`);
  await expect(report.getByTestId('reading-report-reading')).toContainText('ヨミカエテスト');

  // The track is spoken again; its reports are resolved when the task completes.
  await report.getByTestId('reading-regenerate').click();
  await expect(toastWith(page, '音声の作り直しを開始しました')).toBeVisible();
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get('/api/admin/reading-reports')).json()) as { reports: { trackId: number }[] };
        return answer.reports.filter((r) => r.trackId === id).length;
      },
      { timeout: 180_000, intervals: [1000, 2000, 5000] },
    )
    .toBe(0);
  const after = (await (await page.request.get(`/api/tracks/${id}`)).json()) as { filename?: string; audioUrl?: string };
  expect(JSON.stringify(after)).toMatch(/-r\d+\.mp3/);

  // The entry goes again (other journeys share this server).
  await entry.getByRole('button', { name: `「${word}」を削除` }).click();
  await expect(toastWith(page, `「${word}」を削除しました`)).toBeVisible();
  await expect(section.getByTestId('reading-entry').filter({ hasText: word })).toHaveCount(0);
});
