import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../app';

describe('logs', () => {
  it('mask sign-in codes, states and tokens in URLs', () => {
    expect(redactUrl('/api/auth/google/callback?code=abc123&state=xyz&scope=openid')).toBe(
      '/api/auth/google/callback?code=***&state=***&scope=openid',
    );
    expect(redactUrl('/api/auth/google?redirect=/x&code=INVITE')).toBe('/api/auth/google?redirect=/x&code=***');
    expect(redactUrl('/api/tracks?limit=5')).toBe('/api/tracks?limit=5');
  });
});
