import { describe, expect, it } from 'vitest';
import { enableFailureMessage, vapidKeyBytes } from './push';

describe('web push (listener spec §8)', () => {
  it('decodes a base64url VAPID key into its bytes', () => {
    const bytes = new Uint8Array([4, 250, 255, 0, 62, 63, 1]);
    const b64url = Buffer.from(bytes).toString('base64url');
    expect([...vapidKeyBytes(b64url)]).toEqual([...bytes]);
  });

  it("words the spec's three push errors (L-8-08, L-8-09, L-8-10)", () => {
    expect(enableFailureMessage('unsupported')).toBe('このブラウザはプッシュ通知をサポートしていません。');
    expect(enableFailureMessage('denied')).toBe('通知権限が拒否されました。ブラウザの設定から通知を許可してください。');
    expect(enableFailureMessage('failed')).toBe('通知設定でエラーが発生しました。ページを再読み込みして再度お試しください。');
  });
});
