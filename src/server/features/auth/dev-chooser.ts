import { DEV_CHOOSER_TEXT } from '../../../shared/messages/auth';
import { phrasesOf } from '../../../shared/rules/phrases';

/**
 * The development account chooser (never in production, never with Google configured): the page the
 * sign-in start leads to on a laptop, so `npm start` can be tried without a Google project. It is the
 * first page a newcomer sees, so it looks like the app (issue 20): the app's header, a back link, the
 * app's colours and type (dark too), Japanese wrapped between phrases. Everything it styles is in its one
 * <style> element with the page's nonce (no style attribute, which the CSP would block), and its icon
 * is the app's favicon.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Japanese text that breaks only between phrases: <wbr> between them, keep-all in the stylesheet. */
const wrap = (s: string) => phrasesOf(s).map(esc).join('<wbr>');

const LOGO = `<svg viewBox="0 0 64 64" aria-hidden="true" class="logo"><rect width="64" height="64" rx="16" class="logo-bg"/><path d="M32 32C36 26 40 23 45 23a9 9 0 0 1 0 18c-5 0-9-3-13-9s-8-9-13-9a9 9 0 0 0 0 18c5 0 9-3 13-9z" fill="none" stroke-width="5.5" stroke-linejoin="round" class="logo-mark"/></svg>`;
const BACK = `<svg viewBox="0 0 24 24" aria-hidden="true" class="icon" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="m15 18-6-6 6-6"/></svg>`;

const STYLE = `
:root{--bg:#fff;--surface:#f4f5f8;--fg:#15171c;--muted:#596171;--border:#e1e4ea;--accent:#2f558c;--accent-fg:#fff;--accent-soft:#e7eef8;--danger:#b3261e;color-scheme:light}
.dark{--bg:#0e1014;--surface:#171a20;--fg:#eceef2;--muted:#a3aab7;--border:#2b303a;--accent:#93b6ea;--accent-fg:#0c1422;--accent-soft:#1b2638;--danger:#ff8f86;color-scheme:dark}
*{box-sizing:border-box}
body{font-family:"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Yu Gothic UI",Meiryo,sans-serif;margin:0;background:var(--bg);color:var(--fg);line-height:1.7;word-break:keep-all;overflow-wrap:anywhere}
header{position:sticky;top:0;border-bottom:1px solid var(--border);background:var(--bg);padding-top:env(safe-area-inset-top)}
.bar{max-width:48rem;margin:0 auto;height:3.5rem;display:flex;align-items:center;padding:0 max(1rem,env(safe-area-inset-right)) 0 max(1rem,env(safe-area-inset-left))}
.home{display:flex;align-items:center;gap:.5rem;color:inherit;text-decoration:none;border-radius:.5rem;padding:.25rem}
.logo{width:2rem;height:2rem;flex-shrink:0}.logo-bg{fill:var(--accent)}.logo-mark{stroke:var(--accent-fg)}
.name{font-weight:700;font-size:1.25rem;letter-spacing:.05em}.latin{margin-top:.25rem;color:var(--muted);font-size:.75rem;letter-spacing:.2em}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}
main{max-width:28rem;margin:0 auto;padding:.75rem 1rem 3rem}
.back{display:inline-flex;align-items:center;gap:.25rem;min-height:2.75rem;margin-left:-.5rem;padding:0 .75rem 0 .5rem;border-radius:999px;color:var(--muted);text-decoration:none;font-size:.875rem}
.back:hover{background:var(--surface);color:var(--fg)}.icon{width:1.25rem;height:1.25rem}
h1{font-size:1.5rem;line-height:1.4;margin:.5rem 0 .25rem}
h2{font-size:1rem;margin:1.75rem 0 .25rem}
.note,.hint{font-size:.875rem;color:var(--muted);margin:0 0 .75rem}
ul{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}
button,input{font:inherit;color:inherit}
.member{width:100%;text-align:left;padding:.75rem 1rem;border:1px solid var(--border);border-radius:1rem;background:var(--bg);cursor:pointer;display:flex;flex-direction:column;min-height:2.75rem}
.member:hover{background:var(--surface)}.member span{font-size:.8125rem;color:var(--muted)}
label{display:block;font-size:.875rem;margin:.75rem 0 .25rem}
input{width:100%;padding:.625rem .75rem;border:1px solid var(--border);border-radius:.75rem;background:var(--bg);min-height:2.75rem}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.primary{margin-top:1rem;width:100%;padding:.75rem;border:0;border-radius:999px;background:var(--accent);color:var(--accent-fg);min-height:2.75rem;font-weight:500;cursor:pointer}
#error{color:var(--danger);font-size:.875rem;min-height:1.7em;margin:.5rem 0 0}
`;

export function devChooserPage(opts: {
  members: { name: string; email: string }[];
  target: string;
  /** Where the back link goes: the page sign-in started from. */
  back: string;
  invitationCode: string;
  nonce: string;
}): string {
  const members = opts.members
    .map(
      (m) =>
        `<li><button type="button" class="member" data-email="${esc(m.email)}"><strong>${esc(m.name)}</strong><span>${esc(m.email)}</span></button></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${esc(DEV_CHOOSER_TEXT.documentTitle)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="icon" href="/icons/favicon-32.png" type="image/png" sizes="32x32">
<script nonce="${opts.nonce}">try{if(localStorage.getItem('mugen_theme')==='dark')document.documentElement.classList.add('dark')}catch{}</script>
<style nonce="${opts.nonce}">${STYLE}</style></head><body>
<header><div class="bar"><a class="home" href="/">${LOGO}<span class="name">${esc(DEV_CHOOSER_TEXT.productName)}</span><span class="latin">MUGEN</span><span class="sr-only">${esc(DEV_CHOOSER_TEXT.home)}</span></a></div></header>
<main>
<a class="back" href="${esc(opts.back)}" data-testid="dev-back">${BACK}${esc(DEV_CHOOSER_TEXT.back)}</a>
<h1>${wrap(DEV_CHOOSER_TEXT.heading)}</h1>
<p class="note">${wrap(DEV_CHOOSER_TEXT.note)}</p>
${members ? `<h2>${wrap(DEV_CHOOSER_TEXT.existing)}</h2><p class="hint">${wrap(DEV_CHOOSER_TEXT.existingHint)}</p><ul>${members}</ul>` : ''}
<h2>${wrap(DEV_CHOOSER_TEXT.newAccount)}</h2>
<form id="new">
<label for="email">${esc(DEV_CHOOSER_TEXT.email)}</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="name">${esc(DEV_CHOOSER_TEXT.name)}</label><input id="name" name="name" maxlength="50" autocomplete="name">
<label for="code">${wrap(DEV_CHOOSER_TEXT.code)}</label><input id="code" name="code" value="${esc(opts.invitationCode)}" autocomplete="off">
<p id="error" role="alert"></p>
<button class="primary" type="submit">${esc(DEV_CHOOSER_TEXT.submit)}</button>
</form></main>
<script nonce="${opts.nonce}">
const target = ${JSON.stringify(opts.target)};
const failed = ${JSON.stringify(DEV_CHOOSER_TEXT.failed)};
const statusPages = { invitation_required: '/closed-beta', invalid_invitation: '/invalid-invitation' };
async function login(body) {
  const res = await fetch('/api/auth/dev-login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'include' });
  if (res.ok) { location.replace(target); return; }
  const data = await res.json().catch(() => ({}));
  if (statusPages[data.reason]) { location.replace(statusPages[data.reason]); return; }
  document.getElementById('error').textContent = data.message || failed;
}
for (const b of document.querySelectorAll('.member')) b.addEventListener('click', () => login({ email: b.dataset.email }));
document.getElementById('new').addEventListener('submit', (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const body = { email: f.get('email') };
  if (f.get('name')) body.name = f.get('name');
  if (f.get('code')) body.invitationCode = f.get('code');
  login(body);
});
</script></body></html>`;
}
