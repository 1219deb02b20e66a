import { expect, test } from './fixtures';
import { catalogue } from './support';

// Issue 25.2: the fact check's claims stay with the published track; its transcript marks the line that
// holds one, and tapping the mark shows the claim's sources, or 出典未確認. The demo's 浮世絵 track says
// one dated claim (十九世紀の後半…, line 6), which the offline check could not source.
const UKIYOE = '浮世絵はなぜ世界の画家たちを驚かせたのか';
const CLAIM = '十九世紀の後半、日本が海外との交流を広げると、浮世絵もヨーロッパへ渡りました。';

test.describe('#25.2 claims pinned to transcript lines', () => {
  test('#25.2: the line holding a claim is marked; tapping the mark shows 出典未確認, tapping again hides it', async ({
    page,
    listener: _listener,
  }) => {
    const track = (await catalogue(page.request)).find((t) => t.title === UKIYOE);
    expect(track, 'the demo has the 浮世絵 track').toBeDefined();
    if (!track) return;
    await page.goto(`/track/${track.id}`);
    const transcript = page.getByTestId('transcript');
    const lines = transcript.getByRole('listitem');
    await expect(lines).toHaveCount(13);
    await expect(transcript.getByTestId('claim-mark')).toHaveCount(1);
    const line = lines.nth(6);
    await expect(line).toContainText(CLAIM);
    const mark = line.getByTestId('claim-mark');
    await expect(mark).toHaveAccessibleName('この行の事実確認と出典');
    await expect(mark).toHaveAttribute('aria-expanded', 'false');
    await expect(transcript.getByTestId('claim-details')).toHaveCount(0);

    await mark.click();
    const details = line.getByTestId('claim-details');
    await expect(details).toBeVisible();
    await expect(details.locator('li')).toHaveCount(1);
    await expect(details.locator('li')).toHaveText(`出典未確認${CLAIM}`);
    await expect(details.getByRole('link')).toHaveCount(0);
    await expect(mark).toHaveAttribute('aria-expanded', 'true');
    await expect(mark).toHaveAccessibleName('事実確認を閉じる');

    await mark.click();
    await expect(transcript.getByTestId('claim-details')).toHaveCount(0);
    // The line itself still plays from there: the mark is a control of its own.
    await line.getByRole('button').first().click();
    await expect(line).toHaveAttribute('aria-current', 'true');
  });

  test('#25.2: a sourced claim shows each source by its domain and keeps the link to the page', async ({ page, listener: _listener }) => {
    const track = (await catalogue(page.request)).find((t) => t.title === UKIYOE);
    if (!track) throw new Error('the demo has the 浮世絵 track');
    const redirect = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQH0aaa';
    // The transcript as a grounded check leaves it (Gemini: the page behind Google's redirect, titled by its domain).
    await page.route(`**/api/tracks/${track.id}/transcript`, async (route) => {
      const real = await (await route.fetch()).json();
      const claims = real.claims.map((c: object) => ({
        ...c,
        status: 'verified',
        sources: [{ title: 'www.britannica.com', url: redirect }],
      }));
      await route.fulfill({ json: { ...real, claims } });
    });
    await page.goto(`/track/${track.id}`);
    const line = page.getByTestId('transcript').getByRole('listitem').nth(6);
    await line.getByTestId('claim-mark').click();
    const link = line.getByTestId('claim-details').getByRole('link', { name: 'www.britannica.com' });
    await expect(link).toHaveAttribute('href', redirect);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(line.getByTestId('claim-details')).toContainText('出典あり');
    await expect(line.getByTestId('claim-details')).not.toContainText('出典未確認');
  });
});
