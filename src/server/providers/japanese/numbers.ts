// Katakana readings for Arabic numerals. eSpeak's own Japanese number reading is unreliable
// (2024 comes out as "ni sen ni dzu shi") and kuromoji has no reading for digit runs.

const DIGIT = ['ゼロ', 'イチ', 'ニ', 'サン', 'ヨン', 'ゴ', 'ロク', 'ナナ', 'ハチ', 'キュー'];
const THOUSANDS = ['', 'セン', 'ニセン', 'サンゼン', 'ヨンセン', 'ゴセン', 'ロクセン', 'ナナセン', 'ハッセン', 'キューセン'];
const HUNDREDS = [
  '',
  'ヒャク',
  'ニヒャク',
  'サンビャク',
  'ヨンヒャク',
  'ゴヒャク',
  'ロッピャク',
  'ナナヒャク',
  'ハッピャク',
  'キューヒャク',
];
const TENS = ['', 'ジュー', 'ニジュー', 'サンジュー', 'ヨンジュー', 'ゴジュー', 'ロクジュー', 'ナナジュー', 'ハチジュー', 'キュージュー'];
const GROUPS = ['', 'マン', 'オク', 'チョー', 'ケー'];
const MAX_GROUPED_DIGITS = GROUPS.length * 4;

function readGroup(n: number): string {
  return (
    THOUSANDS[Math.floor(n / 1000)] + HUNDREDS[Math.floor(n / 100) % 10] + TENS[Math.floor(n / 10) % 10] + (n % 10 ? DIGIT[n % 10] : '')
  );
}

export function readDigits(digits: string): string {
  return [...digits].map((d) => DIGIT[Number(d)]).join('');
}

/** Reads a run of ASCII digits as a Japanese cardinal (2024 → ニセンニジューヨン). */
export function readInteger(digits: string): string {
  // Phone numbers, codes and absurdly long runs are read digit by digit, as people do.
  if ((digits.length > 1 && digits.startsWith('0')) || digits.length > MAX_GROUPED_DIGITS) return readDigits(digits);
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 4) groups.push(Number(digits.slice(Math.max(0, end - 4), end)));
  let out = '';
  for (let i = groups.length - 1; i >= 0; i--) {
    if (!groups[i]) continue;
    let part = readGroup(groups[i]) + GROUPS[i];
    // 一兆 and 一京 take the geminate form; 八兆 and 十兆 likewise.
    if (i >= 3) part = part.replace(/(イチ|ハチ|ジュー)(チョー|ケー)$/, (_, head: string, unit: string) => geminate(head) + unit);
    out += part;
  }
  return out || DIGIT[0];
}

/** Reads "3.14" or "1,000" (commas already removed) as katakana. */
export function readNumber(text: string): string {
  const [int, frac] = text.split('.');
  const whole = readInteger(int || '0');
  return frac ? `${whole}テン${readDigits(frac)}` : whole;
}

function geminate(reading: string): string {
  return reading
    .replace(/イチ$/, 'イッ')
    .replace(/ロク$/, 'ロッ')
    .replace(/ハチ$/, 'ハッ')
    .replace(/ジュー$/, 'ジュッ')
    .replace(/ヒャク$/, 'ヒャッ');
}

/** 4 → ヨ, 7 → シチ, 9 → ク: the forms used before 時 and 年. */
function shortFinal(reading: string, sevenNine: boolean): string {
  let out = reading.replace(/ヨン$/, 'ヨ');
  if (sevenNine) out = out.replace(/ナナ$/, 'シチ').replace(/キュー$/, 'ク');
  return out;
}

/** Counters whose first consonant doubles the number before it (一個 イッコ, 十回 ジュッカイ). */
function withGemination(n: number, reading: string, unit: string, digits: number[]): string {
  const last = n % 10;
  return digits.includes(last) || (last === 0 && n > 0) ? geminate(reading) + unit : reading + unit;
}

const DAYS: Record<number, string> = {
  1: 'ツイタチ',
  2: 'フツカ',
  3: 'ミッカ',
  4: 'ヨッカ',
  5: 'イツカ',
  6: 'ムイカ',
  7: 'ナノカ',
  8: 'ヨーカ',
  9: 'ココノカ',
  10: 'トーカ',
  14: 'ジューヨッカ',
  20: 'ハツカ',
  24: 'ニジューヨッカ',
};
const MONTHS = ['', 'イチ', 'ニ', 'サン', 'シ', 'ゴ', 'ロク', 'シチ', 'ハチ', 'ク', 'ジュー', 'ジューイチ', 'ジューニ'];

function readMinutes(n: number, reading: string): string {
  const last = n % 10;
  if (last === 3 || last === 4) return `${reading}プン`;
  if (last === 1 || last === 6 || last === 8 || (last === 0 && n > 0)) {
    const g = geminate(reading);
    return g.endsWith('ン') || g.endsWith('ッ') ? `${g}プン` : `${reading}フン`;
  }
  return `${reading}フン`;
}

/**
 * Counters whose h sound turns to p after a doubled number and to b after 3 and after 千 or 万
 * (一本 イッポン, 三本 サンボン, 千本 センボン; 四本 ヨンホン keeps it).
 */
function hCounter(n: number, reading: string, [h, b, p]: readonly [string, string, string]): string {
  const last = n % 10;
  if (last === 3 || (n > 0 && /(セン|ゼン|マン)$/.test(reading))) return reading + b;
  if (last === 1 || last === 6 || last === 8 || (last === 0 && n > 0)) return geminate(reading) + p;
  return reading + h;
}

/** Counters in k whose k is voiced after 3 and after 千 (三軒 サンゲン, 千軒 センゲン), doubling the number like 回. */
function kVoicedCounter(n: number, reading: string, [k, g]: readonly [string, string]): string {
  if (n % 10 === 3 || (n > 0 && /(セン|ゼン)$/.test(reading))) return reading + g;
  return withGemination(n, reading, k, [1, 6, 8]);
}

/** The number before the counter, the text after it (for 一日中), and the word before it (a month: 一日 is the date). */
type CounterRule = (n: number, reading: string, next: string, prev: string) => string;

/** 一日 is the first of a month (ツイタチ) after a month (四月一日, 毎月一日), else a day's length (一日に三回). */
const readDay: CounterRule = (n, r, next, prev) => {
  if (n === 1) return prev.endsWith('月') && next !== '中' && next !== '間' ? 'ツイタチ' : 'イチニチ';
  return DAYS[n] ?? `${r}ニチ`;
};

const COUNTERS: Record<string, CounterRule> = {
  年: (_n, r) => `${shortFinal(r, false)}ネン`,
  月: (n, r) => (n >= 1 && n <= 12 ? `${MONTHS[n]}ガツ` : `${r}ガツ`),
  年間: (_n, r) => `${shortFinal(r, false)}ネンカン`,
  日: readDay,
  日間: (n, r) => (n === 1 ? 'イチニチカン' : `${DAYS[n] ?? `${r}ニチ`}カン`),
  時: (_n, r) => `${shortFinal(r, true)}ジ`,
  時間: (_n, r) => `${shortFinal(r, true)}ジカン`,
  分: readMinutes,
  分間: (n, r) => `${readMinutes(n, r)}カン`,
  秒: (_n, r) => `${r}ビョー`,
  秒間: (_n, r) => `${r}ビョーカン`,
  週間: (n, r) => withGemination(n, r, 'シューカン', [1, 8]),
  人: (n, r) => (n === 1 ? 'ヒトリ' : n === 2 ? 'フタリ' : `${shortFinal(r, false)}ニン`),
  円: (_n, r) => `${shortFinal(r, false)}エン`,
  歳: (n, r) => (n === 20 ? 'ハタチ' : withGemination(n, r, 'サイ', [1, 8])),
  才: (n, r) => withGemination(n, r, 'サイ', [1, 8]),
  個: (n, r) => withGemination(n, r, 'コ', [1, 6, 8]),
  回: (n, r) => withGemination(n, r, 'カイ', [1, 6, 8]),
  件: (n, r) => withGemination(n, r, 'ケン', [1, 6, 8]),
  軒: (n, r) => kVoicedCounter(n, r, ['ケン', 'ゲン']),
  階: (n, r) => kVoicedCounter(n, r, ['カイ', 'ガイ']),
  本: (n, r) => hCounter(n, r, ['ホン', 'ボン', 'ポン']),
  杯: (n, r) => hCounter(n, r, ['ハイ', 'バイ', 'パイ']),
  匹: (n, r) => hCounter(n, r, ['ヒキ', 'ビキ', 'ピキ']),
  冊: (n, r) => withGemination(n, r, 'サツ', [1, 8]),
  // Digits followed by a kanji power of ten (3万人, 1兆円).
  万: (_n, r) => `${r}マン`,
  億: (_n, r) => `${r}オク`,
  兆: (n, r) => withGemination(n, r, 'チョー', [1, 8]),
  ヶ月: (n, r) => withGemination(n, r, 'カゲツ', [1, 6, 8]),
  か月: (n, r) => withGemination(n, r, 'カゲツ', [1, 6, 8]),
  カ月: (n, r) => withGemination(n, r, 'カゲツ', [1, 6, 8]),
};

/** Counters read after decimals too (3.5% → サンテンゴパーセント). */
const DECIMAL_COUNTERS: Record<string, string> = { '%': 'パーセント', 倍: 'バイ', 度: 'ド' };

export function isCounter(word: string): boolean {
  return word in COUNTERS || word in DECIMAL_COUNTERS;
}

/**
 * Reads a number together with the counter after it (3日 → ミッカ, 10分 → ジュップン), or null when
 * the word is no counter we know. `next` is the text after the counter (一日中, 一日間), `prev` the word
 * before the number (四月一日 is the date ツイタチ).
 */
export function readCounted(number: string, counter: string, next = '', prev = ''): string | null {
  const reading = readNumber(number);
  const suffix = DECIMAL_COUNTERS[counter];
  if (suffix) return reading + suffix;
  const rule = COUNTERS[counter];
  if (!rule || number.includes('.') || number.length > MAX_GROUPED_DIGITS) return null;
  return rule(Number(number), reading, next, prev);
}

const KANJI_DIGITS: Record<string, string> = {
  〇: '0',
  零: '0',
  一: '1',
  二: '2',
  三: '3',
  四: '4',
  五: '5',
  六: '6',
  七: '7',
  八: '8',
  九: '9',
};
const SMALL_UNITS: Record<string, bigint> = { 十: 10n, 百: 100n, 千: 1000n };
const LARGE_UNITS: Record<string, bigint> = { 万: 10n ** 4n, 億: 10n ** 8n, 兆: 10n ** 12n };
export const KANJI_NUMERAL = /^[〇零一二三四五六七八九十百千万億兆]+$/;

/**
 * A number written in kanji (or kanji and digits) as ASCII digits, to be read like one in digits:
 * 二〇二六 → 2026 (digit by digit), 千九百八十四 → 1984, 三百六十五 → 365, 3万5千 → 35000.
 * Null for what is no number (a unit without a digit before it where one is needed, another character).
 */
export function numeralDigits(text: string): string | null {
  const plain = text.replace(/[〇零一二三四五六七八九]/g, (d) => KANJI_DIGITS[d]);
  if (/^\d+$/.test(plain)) return plain;
  let total = 0n;
  let section = 0n;
  let digits = '';
  for (const c of plain) {
    if (/\d/.test(c)) digits += c;
    else if (c in SMALL_UNITS) {
      section += (digits ? BigInt(digits) : 1n) * SMALL_UNITS[c];
      digits = '';
    } else if (c in LARGE_UNITS) {
      const head = section + (digits ? BigInt(digits) : 0n);
      if (head === 0n) return null;
      total += head * LARGE_UNITS[c];
      section = 0n;
      digits = '';
    } else return null;
  }
  return (total + section + (digits ? BigInt(digits) : 0n)).toString();
}
