import { expect, test } from './helpers/fixtures';
import { toastWith } from './helpers/identity';
import { seeded, seededTrack, UKIYOE } from './helpers/listener';
import { signInAsOperator } from './helpers/operator';

// Issue 37.2: the transcript says how each line was read. A tap (or Enter) on a line shows its reading
// in katakana under it, the line's button saying so with aria-expanded; the report of a misread line
// shows the reading and carries it to the operator's console. The demo's 浮世絵 track says
// 十九世紀の後半 (a number in kanji before a counter), which the voice reads ジューキューセイキ (the
// analyser) or ジューキューセーキ (Open JTalk), whichever spoke the demo.

type Line = { speaker: string; text: string; reading: string };

test('#37.2 a tapped line shows how the voice read it; its report carries the reading to the operator', async ({
  page,
  listener: _listener,
}) => {
  const track = await seededTrack(page.request, UKIYOE);
  const answer = await page.request.get(`/api/tracks/${track.id}/transcript`);
  expect(answer.status()).toBe(200);
  const { lines } = (await answer.json()) as { lines: Line[] };
  const at = lines.findIndex((l) => l.text.includes('十九世紀'));
  const line = seeded(lines[at], 'the transcript line that says 十九世紀');
  expect(line.reading).toMatch(/ジューキューセ[イー]キノコーハン/);
  // Every line has its reading, with no kanji or hiragana left in it.
  expect(lines.filter((l) => !l.reading || /\p{Script=Han}|[\u3041-\u3096]/u.test(l.reading))).toEqual([]);

  await page.goto(`/track/${track.id}`);
  const transcript = page.getByTestId('transcript');
  const items = transcript.getByRole('listitem');
  await expect(items).toHaveCount(lines.length);
  const item = items.nth(at);
  // The line's own button (a claim mark and 読み間違いを報告 follow it).
  const button = item.getByRole('button').first();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(transcript.getByTestId('transcript-reading')).toHaveCount(0);

  // By keyboard: Enter shows the reading under the line, Enter again hides it.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const reading = item.getByTestId('transcript-reading');
  await expect(reading).toHaveText(`読み${line.reading}`);
  await expect(button).toHaveAttribute('aria-controls', (await reading.getAttribute('id')) ?? 'the reading’s id');
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(transcript.getByTestId('transcript-reading')).toHaveCount(0);

  // A tap on another line shows that line's reading instead.
  const other = at === 0 ? 1 : 0;
  await items.nth(other).getByRole('button').first().click();
  await expect(transcript.getByTestId('transcript-reading')).toHaveCount(1);
  await expect(items.nth(other).getByTestId('transcript-reading')).toHaveText(`読み${lines[other].reading}`);

  // The report shows the line and its reading, and carries it to the operator.
  await item.getByRole('button', { name: `${at + 1}行目の読み間違いを報告`, exact: true }).click();
  const dialog = page.getByTestId('report-misreading-dialog');
  await expect(dialog.locator('blockquote')).toHaveText(line.text);
  await expect(dialog.getByTestId('report-misreading-reading')).toHaveText(`音声の読み${line.reading}`);
  await dialog.getByTestId('report-misreading-submit').click();
  await expect(toastWith(page, '読み間違いを報告しました。ありがとうございます。')).toBeVisible();

  await signInAsOperator(page);
  await page.goto('/admin?tab=audio&view=readings');
  const report = page.getByTestId('admin-readings').getByTestId('reading-report').filter({ hasText: line.text });
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(`${UKIYOE}・${at + 1}行目`);
  await expect(report.getByTestId('reading-report-spoken')).toHaveText(`音声の読み：${line.reading}`);
});
