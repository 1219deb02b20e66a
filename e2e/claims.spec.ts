import { expect, test } from './helpers/fixtures';
import { catalogue, seededTrack, UKIYOE } from './helpers/listener';

// Issue 25.2: the fact check's claims stay with the published track; its transcript marks the line that
// holds one, and tapping the mark shows the claim's sources, or 出典未確認. The demo's 浮世絵 track says
// dated claims (十九世紀の後半…), which the offline check could not source.

test.describe('#25.2 claims pinned to transcript lines', () => {
  test('#25.2: the line holding a claim is marked; tapping the mark shows 出典未確認, tapping again hides it', async ({
    page,
    listener: _listener,
  }) => {
    const track = await seededTrack(page.request, UKIYOE);
    // What the server keeps for this track: its lines and the claims on them (the demo's script is written
    // from an article by the offline writer, so the journey reads the claims rather than naming a line).
    const kept: { lines: { text: string }[]; claims: { text: string; line: number }[] } = await (
      await page.request.get(`/api/tracks/${track.id}/transcript`)
    ).json();
    const marked = [...new Set(kept.claims.map((c) => c.line))];
    expect(marked.length).toBeGreaterThanOrEqual(1);
    const first = kept.claims[0];
    const onFirst = kept.claims.filter((c) => c.line === first.line);
    await page.goto(`/track/${track.id}`);
    const transcript = page.getByTestId('transcript');
    const lines = transcript.getByRole('listitem');
    await expect(lines).toHaveCount(kept.lines.length);
    await expect(transcript.getByTestId('claim-mark')).toHaveCount(marked.length);
    const line = lines.nth(first.line);
    await expect(line).toContainText(kept.lines[first.line].text);
    const mark = line.getByTestId('claim-mark');
    await expect(mark).toHaveAccessibleName('この行の事実確認と出典');
    await expect(mark).toHaveAttribute('aria-expanded', 'false');
    await expect(transcript.getByTestId('claim-details')).toHaveCount(0);

    await mark.click();
    const details = line.getByTestId('claim-details');
    await expect(details).toBeVisible();
    await expect(details.locator('li')).toHaveCount(onFirst.length);
    await expect(details.locator('li').first()).toHaveText(`出典未確認${first.text}`);
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
    const line = page
      .getByTestId('transcript')
      .getByRole('listitem')
      .filter({ has: page.getByTestId('claim-mark') })
      .first();
    await line.getByTestId('claim-mark').click();
    const link = line.getByTestId('claim-details').getByRole('link', { name: 'www.britannica.com' });
    await expect(link).toHaveAttribute('href', redirect);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(line.getByTestId('claim-details')).toContainText('出典あり');
    await expect(line.getByTestId('claim-details')).not.toContainText('出典未確認');
  });
});

test.describe('#29.2 a grounded fact check on the creation page', () => {
  test("#29.2, #25.2: the fact check lists the claims with their sources by domain and shows Google's Search Suggestions in a sandboxed frame", async ({
    page,
    newcomer: _newcomer,
  }) => {
    const redirect = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQH0aaa';
    const rendered =
      '<style>.chip{display:inline-block;border:solid 1px #ccc;border-radius:16px;padding:4px 12px}</style><div class="container"><div class="carousel"><a class="chip" href="https://www.google.com/search?q=%E9%8A%AD%E6%B9%AF&client=app-vertex-grounding">銭湯 軒数 推移</a></div></div><script>parent.document.title="pwned"</script>';
    // The answer as a grounded (Gemini) check gives it: the offline writer's script with a sourced claim and the Search Suggestions.
    await page.route('**/api/generate-script', async (route) => {
      const real = await (await route.fetch()).json();
      const claims = real.factCheck.claims.map((c: object) => ({
        ...c,
        status: 'verified',
        sources: [{ title: 'mhlw.go.jp', url: redirect }],
      }));
      await route.fulfill({ json: { ...real, factCheck: { ...real.factCheck, claims, searchEntryPoint: rendered } } });
    });
    await page.goto('/create-post');
    await page
      .getByLabel('テキスト', { exact: true })
      .fill('厚生労働省の統計によると、銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています。');
    await page.getByRole('button', { name: '台本を生成' }).click();
    const factCheck = page.getByTestId('fact-check');
    await expect(factCheck.getByRole('heading', { name: '台本の主張' })).toBeVisible();
    const link = factCheck.getByTestId('claim-sources').getByRole('link', { name: 'mhlw.go.jp' }).first();
    await expect(link).toHaveAttribute('href', redirect);
    const frame = factCheck.getByTestId('search-suggestions');
    await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    const chip = page.frameLocator('[data-testid="search-suggestions"]').getByRole('link', { name: '銭湯 軒数 推移' });
    await expect(chip).toHaveAttribute('href', 'https://www.google.com/search?q=%E9%8A%AD%E6%B9%AF&client=app-vertex-grounding');
    // Its script never ran: the frame has no scripts and no access to the page.
    await expect(page).not.toHaveTitle('pwned');
  });
});
