import { describe, expect, it } from 'vitest';
import { blocksText, inlineParts, plainText } from '../content/blocks';
import { FAQ_ENTRIES } from '../content/faq';
import { COMMERCIAL_LAW, japaneseDate, PRIVACY, TERMS } from '../content/legal';
import {
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  canSendChat,
  chatMessageProblem,
  contactEmailProblem,
  contactProblems,
  isChatSendKey,
  replySegments,
  SUPPORT_MESSAGES,
} from './support';

describe('contact form rules (C-5-09, C-5-10, C-2.6-02)', () => {
  it('has the spec’s six subjects in its order', () => {
    expect(CONTACT_SUBJECTS).toEqual(['premium', 'technical', 'billing', 'cancellation', 'account', 'other']);
    expect(CONTACT_SUBJECTS.map((s) => CONTACT_SUBJECT_LABELS[s])).toEqual([
      'プレミアム機能について',
      '技術的な問題',
      '料金・お支払いについて',
      '解約について',
      'アカウントについて',
      'その他',
    ]);
  });

  it('requires every field and names each problem', () => {
    expect(contactProblems({ name: ' ', email: '', subject: '', message: '' })).toEqual({
      name: SUPPORT_MESSAGES.nameRequired,
      email: SUPPORT_MESSAGES.emailRequired,
      subject: SUPPORT_MESSAGES.subjectRequired,
      message: SUPPORT_MESSAGES.messageRequired,
    });
    expect(contactProblems({ name: '花子', email: 'h@example.jp', subject: 'other', message: 'はい' })).toEqual({});
  });

  it('takes a plain address and refuses what is not one', () => {
    for (const ok of ['h@example.jp', 'first.last+tag@mail.example.co.jp', "o'neil@example.com"])
      expect(contactEmailProblem(ok), ok).toBeNull();
    for (const bad of [
      'abc',
      'a@b',
      'a@b.',
      '@example.jp',
      'a b@example.jp',
      'a@exa_mple.jp',
      'a@example.jp\nBcc: b@example.jp',
      '"a"@example.jp',
    ]) {
      expect(contactEmailProblem(bad), bad).toBe(SUPPORT_MESSAGES.emailInvalid);
    }
  });
});

describe('chat rules (C-2.5-03, C-2.5-04, C-5-11, C-5-12)', () => {
  it('sends only non-blank text within 500 characters, never while a reply is pending', () => {
    expect(canSendChat('料金は？', false)).toBe(true);
    expect(canSendChat('  \n ', false)).toBe(false);
    expect(canSendChat('料金は？', true)).toBe(false);
    expect(chatMessageProblem('あ'.repeat(501))).toBe('メッセージは500文字以内で入力してください');
    expect(chatMessageProblem('😀'.repeat(500))).toBeNull();
  });

  it('sends on Enter, not on Shift+Enter nor on the Enter that confirms a Japanese conversion', () => {
    expect(isChatSendKey({ key: 'Enter', shiftKey: false, isComposing: false })).toBe(true);
    expect(isChatSendKey({ key: 'Enter', shiftKey: true, isComposing: false })).toBe(false);
    expect(isChatSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isChatSendKey({ key: 'Enter', shiftKey: false, isComposing: false, keyCode: 229 })).toBe(false);
    expect(isChatSendKey({ key: 'a', shiftKey: false, isComposing: false })).toBe(false);
  });
});

describe('chat reply formatting (C-2.5-07)', () => {
  it('reads **bold**, *italic*, _italic_ and newlines', () => {
    expect(replySegments('**料金**は*税込*です\n次の行 _注意_')).toEqual([
      { kind: 'bold', text: '料金' },
      { kind: 'text', text: 'は' },
      { kind: 'italic', text: '税込' },
      { kind: 'text', text: 'です' },
      { kind: 'break' },
      { kind: 'text', text: '次の行 ' },
      { kind: 'italic', text: '注意' },
    ]);
  });

  it('keeps HTML as text, never as markup', () => {
    const html = '<img src=x onerror=alert(1)><b>太字</b>';
    expect(replySegments(html)).toEqual([{ kind: 'text', text: html }]);
  });

  it('links the app’s own support pages only, not a path inside an address', () => {
    expect(replySegments('解約ページ（/cancel）へ')).toEqual([
      { kind: 'text', text: '解約ページ（' },
      { kind: 'link', text: '/cancel', to: '/cancel' },
      { kind: 'text', text: '）へ' },
    ]);
    expect(replySegments('https://evil.example/cancel と /admin と /cancelled')).toEqual([
      { kind: 'text', text: 'https://evil.example/cancel と /admin と /cancelled' },
    ]);
  });

  it('leaves an unpaired asterisk alone', () => {
    expect(replySegments('5 * 3 = 15')).toEqual([{ kind: 'text', text: '5 * 3 = 15' }]);
  });
});

describe('the support content (one source for the pages and the chat)', () => {
  it('covers the spec’s FAQ topics, the cancel answer linking to /cancel and the browsers named', () => {
    const ids = FAQ_ENTRIES.map((e) => e.id);
    for (const id of ['about', 'premium-benefits', 'price', 'cancel', 'google-sign-in', 'offline', 'troubleshooting', 'browsers'])
      expect(ids).toContain(id);
    const text = (id: string) => blocksText(FAQ_ENTRIES.find((e) => e.id === id)?.answer ?? []);
    expect(text('price')).toContain('**月額550円（税込）**');
    expect(text('cancel')).toContain('解約・一時停止のページ（/cancel）');
    expect(text('browsers')).toContain('最新版のChrome、Safari、Firefox、Edge');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('dates the terms 29 May 2025 and the commercial-law page 1 June 2025, with the spec’s billing terms', () => {
    expect(japaneseDate(TERMS.effectiveDate)).toBe('2025年5月29日');
    expect(japaneseDate(COMMERCIAL_LAW.effectiveDate)).toBe('2025年6月1日');
    const law = COMMERCIAL_LAW.sections.map((s) => `${s.heading}\n${blocksText(s.body)}`).join('\n');
    expect(law).toContain('毎月、お申し込みの日と同じ日に自動で決済');
    expect(law).toContain('クレジットカード決済');
    expect(law).toContain('返品・返金はお受けしておりません');
    expect(law).toContain('次回の更新日の24時間前までに');
    expect(law).toContain('次回の更新日の前日まで');
    expect(blocksText(PRIVACY.sections.flatMap((s) => s.body))).toContain('第三者のアクセス解析ツール');
  });

  it('splits a text into words, bold words and links, and writes links out as text', () => {
    expect(inlineParts('料金は**550円**、[解約](/cancel)へ')).toEqual([
      { text: '料金は' },
      { text: '550円', bold: true },
      { text: '、' },
      { text: '解約', to: '/cancel' },
      { text: 'へ' },
    ]);
    expect(plainText('[解約ページ](/cancel)')).toBe('解約ページ（/cancel）');
  });
});
