import { test as base, expect } from '@playwright/test';
import { signUpNewcomer } from './identity';
import { signInAsOperator } from './operator';
import { DEMO_EMAIL, LISTENER, type Member, signInAs } from './social';

/**
 * The journeys' fixtures (issue 14): who the page is signed in as is asked for by name, and Playwright
 * sets it up before the test's first step.
 *
 * - `demo`: the page's context signed in as the demo member (owner of the demo tracks and invitations).
 * - `listener`: signed in as the one listener the journeys register (registered on first use).
 * - `newcomer`: a member registered just now with one of the demo member's invitation codes, signed in;
 *   a fresh account for journeys that count something per member (daily limits, first visits).
 * - `clipboard`: the page may read and write the clipboard (copy buttons), for this site's origin.
 * - `operator`: the page's context signed in to the admin console (its own cookie; no member session).
 *
 *     test('…', async ({ page, newcomer }) => { … });
 */
export const test = base.extend<{
  demo: Member;
  listener: Member;
  newcomer: { id: string; email: string };
  clipboard: null;
  operator: null;
}>({
  demo: async ({ page }, use) => {
    await use(await signInAs(page, DEMO_EMAIL));
  },
  listener: async ({ page }, use) => {
    await use(await signInAs(page, LISTENER.email, LISTENER.name));
  },
  newcomer: async ({ page }, use) => {
    await use(await signUpNewcomer(page));
  },
  operator: async ({ page }, use) => {
    await signInAsOperator(page);
    await use(null);
  },
  clipboard: async ({ context, baseURL }, use) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await use(null);
  },
});

export { expect };
