/** The contact form's messages in the console's 監視 tab (issues 18 and 19). */
export const ADMIN_CONTACT_TEXT = {
  heading: 'お問い合わせ',
  lead: 'お問い合わせフォームから届いたメッセージです（新しい順）',
  listName: 'お問い合わせ',
  empty: 'お問い合わせはまだありません',
  status: { pending: '未送信', sent: 'メール送信済み', failed: '送信失敗' },
  reply: '返信する',
} as const;
