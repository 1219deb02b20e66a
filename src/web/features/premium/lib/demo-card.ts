import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';

/** The card fields of the demo test form, checked for shape only (nothing is charged). */
export interface DemoCard {
  number: string;
  expiry: string;
  cvc: string;
}

const digits = (s: string) => s.replace(/\D/g, '');

/** 16 digits in groups of four, as typed. */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The first problem of the form, or null. */
export function demoCardProblem(card: DemoCard): string | null {
  if (digits(card.number).length !== 16) return PREMIUM_PAGES_TEXT.demoForm.invalidNumber;
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return PREMIUM_PAGES_TEXT.demoForm.invalidExpiry;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return PREMIUM_PAGES_TEXT.demoForm.invalidCvc;
  return null;
}

/** Stripe's "generic decline" test card, refused by the demo form too. */
export function isDeclinedTestCard(number: string): boolean {
  return digits(number) === '4000000000000002';
}
