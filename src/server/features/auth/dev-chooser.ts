/**
 * The development account chooser (never in production, never with Google configured): the page the
 * sign-in start leads to on a laptop, so `npm start` can be tried without a Google project.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function devChooserPage(opts: {
  members: { name: string; email: string }[];
  target: string;
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
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>開発用ログイン | 無限 Mugen</title>
<style nonce="${opts.nonce}">
body{font-family:"Hiragino Sans","Noto Sans JP","Yu Gothic UI",Meiryo,sans-serif;margin:0;background:#f8fafc;color:#0f172a;line-height:1.7}
main{max-width:440px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 4px}p.note{font-size:13px;color:#475569;margin:0 0 20px}
ul{list-style:none;padding:0;margin:0 0 24px;display:grid;gap:8px}
button,input{font:inherit}
.member{width:100%;text-align:left;padding:12px 14px;border:1px solid #cbd5e1;border-radius:12px;background:#fff;cursor:pointer;display:flex;flex-direction:column;min-height:44px}
.member span{font-size:13px;color:#475569}
label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #cbd5e1;border-radius:10px;min-height:44px}
.primary{margin-top:16px;width:100%;padding:12px;border:0;border-radius:999px;background:#0f172a;color:#fff;min-height:44px;cursor:pointer}
#error{color:#b91c1c;font-size:14px;min-height:1.7em}
</style></head><body><main>
<h1>開発用ログイン</h1>
<p class="note">Google ログインが設定されていないため、開発用のアカウント選択を表示しています。本番環境では表示されません。</p>
${members ? `<h2 style="font-size:16px">既存のアカウント</h2><ul>${members}</ul>` : ''}
<h2 style="font-size:16px">新しいアカウント</h2>
<form id="new">
<label for="email">メールアドレス</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="name">名前</label><input id="name" name="name" maxlength="50">
<label for="code">招待コード（新規登録に必要）</label><input id="code" name="code" value="${esc(opts.invitationCode)}" autocomplete="off">
<p id="error" role="alert"></p>
<button class="primary" type="submit">ログイン</button>
</form></main>
<script nonce="${opts.nonce}">
const target = ${JSON.stringify(opts.target)};
const statusPages = { invitation_required: '/closed-beta', invalid_invitation: '/invalid-invitation' };
async function login(body) {
  const res = await fetch('/api/auth/dev-login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'include' });
  if (res.ok) { location.replace(target); return; }
  const data = await res.json().catch(() => ({}));
  if (statusPages[data.reason]) { location.replace(statusPages[data.reason]); return; }
  document.getElementById('error').textContent = data.message || 'ログインに失敗しました';
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
