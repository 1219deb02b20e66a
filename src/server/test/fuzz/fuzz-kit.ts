import fc from 'fast-check';
import { expect } from 'vitest';
import { ADMIN_API_MESSAGES } from '../../../shared/messages/admin';
import { MESSAGES, PREMIUM_API_MESSAGES } from '../../../shared/messages/api';
import { TEXT_MESSAGES } from '../../../shared/rules/text';
import { sessionCookie, type TestApp } from '../app';

// What the fuzz tests share: hostile and control-character input, the routes of the OpenAPI document and
// a plausible request for each, and the NUL and control-character properties over every parameter.

/** Short strings of control characters (NUL included) mixed with ordinary ones. */
export function controlText() {
  return fc.string({
    unit: fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', 'a', 'あ', '/', '%', '.'),
    minLength: 1,
    maxLength: 12,
  });
}
/** Short strings of control characters other than NUL (which never passes the edge) mixed with ordinary ones. */
export function controlTextWithoutNul() {
  return fc.string({
    unit: fc.constantFrom(
      '\u0001',
      '\u0008',
      '\t',
      '\n',
      '\r',
      '\u001b',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u2028',
      '\ufeff',
      'a',
      'あ',
      '/',
      '%',
      '.',
    ),
    minLength: 1,
    maxLength: 12,
  });
}
/** The same, always holding at least one NUL somewhere. */
export const withNul = fc.tuple(controlText(), controlText()).map(([a, b]) => `${a}\u0000${b}`);

export const hostile = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    'a\u0000b',
    '\u0001\u0002\u001f',
    '😀👍🏽🇯🇵',
    'e\u0301\u0301\u0301',
    '%00',
    '{{7*7}}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, literally
    '${jndi:ldap://x}',
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    ' ',
    '',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  controlText(),
  fc.integer().map(String),
);

export const jsonValue = fc.oneof(
  hostile,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 3 }),
  fc.dictionary(hostile, hostile, { maxKeys: 3 }),
);

/** The part of a JSON Schema (as the OpenAPI document writes it) that shapes a request. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  required?: string[];
}

/** One operation of the OpenAPI document: its path and query parameters and its JSON body. */
export interface Route {
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryNames: string[];
  body: JsonSchema | null;
  /** Behind the operators' console guard (issue 18): refused 401 to members before anything is read. */
  admin: boolean;
}

/** Where a parameter sits: a path parameter, a query parameter, or a field of the body (its path of keys). */
export type Slot = { in: 'path' | 'query'; name: string } | { in: 'body'; at: (string | number)[] };

/** Every operation of the document, read from what the app itself serves. */
export function routesOf(doc: { paths: Record<string, Record<string, unknown>> }): Route[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => {
        const o = op as {
          parameters?: { in: string; name: string; schema: JsonSchema }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          security?: Record<string, unknown>[];
        };
        const params = o.parameters ?? [];
        return {
          method: m.toUpperCase(),
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
          queryNames: params.filter((p) => p.in === 'query').map((p) => p.name),
          body: o.requestBody?.content?.['application/json']?.schema ?? null,
          admin: Boolean(o.security?.some((r) => 'adminSession' in r)),
        };
      }),
  );
}

/** A value the schema accepts as far as its shape goes, so a fuzzed field is the only odd one. */
export function sample(schema: JsonSchema): unknown {
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alt) return sample(alt);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [sample(schema.items)] : [];
    case 'object':
      // The required fields only: an optional one with a rule the schema does not state (a user ID's
      // character set, say) would otherwise turn every request into a 400 before the fuzzed field counts.
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([k]) => schema.required?.includes(k))
          // An address checked by a rule the document does not state (the contact form's) is one by its name.
          .map(([k, v]) => [k, k === 'email' && v.type === 'string' ? 'fuzz@example.com' : sample(v)]),
      );
    default: {
      if (schema.format === 'uri') return 'https://fcm.googleapis.com/fcm/send/fuzz';
      if (schema.format === 'uuid') return '6f1c0e3a-2b4d-4c5e-8f60-718293a4b5c6';
      if (schema.format === 'email') return 'fuzz@example.com';
      // Kanji: a field that refuses kana alone (a reading's written form) takes it.
      const text = '試験'.repeat(Math.max(1, Math.ceil((schema.minLength ?? 1) / 2)));
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      return [text, 'fuzz', 'fuzz@example.com', 'BAAA'].find((c) => !pattern || pattern.test(c)) ?? text;
    }
  }
}

/** The path of keys of every field of a body, nested objects and the first item of arrays included. */
export function fieldsOf(schema: JsonSchema, at: (string | number)[] = []): (string | number)[][] {
  if (schema.type === 'object' && schema.properties) {
    return Object.entries(schema.properties).flatMap(([k, v]) => [
      [...at, k],
      ...fieldsOf(v, [...at, k]).filter((f) => f.length > at.length + 1),
    ]);
  }
  if (schema.type === 'array' && schema.items)
    return [[...at, 0], ...fieldsOf(schema.items, [...at, 0]).filter((f) => f.length > at.length + 1)];
  return [];
}

/** Every parameter of a route; an undeclared query parameter too, since the edge must hold for any. */
export function slotsOf(route: Route): Slot[] {
  return [
    ...route.pathParams.map((p) => ({ in: 'path' as const, name: p.name })),
    ...route.queryNames.map((name) => ({ in: 'query' as const, name })),
    { in: 'query' as const, name: 'undeclared' },
    ...(route.body ? fieldsOf(route.body).map((at) => ({ in: 'body' as const, at })) : []),
  ];
}

export const slotName = (slot: Slot) => (slot.in === 'body' ? `body.${slot.at.join('.')}` : `${slot.in}.${slot.name}`);

/** `value` put at `at` inside a copy of `body`. */
export function placed(body: unknown, at: (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  // An absent array (an optional list) is made one, so its first item is where the value goes.
  const copy = (Array.isArray(body) ? [...body] : body === undefined && typeof head === 'number' ? [] : { ...(body as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = placed(copy[head], rest, value);
  return copy;
}

/** The request of `route` with `value` in `slot` and every other parameter of a plausible shape. */
export function requestWith(route: Route, slot: Slot, value: string) {
  const pathValue = (name: string) => {
    if (slot.in === 'path' && slot.name === name) return value;
    return String(sample(route.pathParams.find((p) => p.name === name)?.schema ?? {}));
  };
  const url =
    route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValue(name))) +
    (slot.in === 'query' ? `?${new URLSearchParams({ [slot.name]: value }).toString()}` : '');
  const base = route.body ? sample(route.body) : undefined;
  const payload = slot.in === 'body' ? placed(base, slot.at, value) : base;
  return { method: route.method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as object }) };
}

/** A route's body: its own fields (top level and nested) each left plausible or made hostile, or anything at all. */
export function bodyFor(route: Route) {
  if (!route.body) return fc.constant(undefined);
  const base = sample(route.body);
  const fields = fieldsOf(route.body);
  const shaped = fc
    .tuple(...fields.map(() => fc.option(jsonValue, { nil: undefined, freq: 2 })))
    .map((values) => values.reduce((b, v, i) => (v === undefined ? b : placed(b, fields[i], v)), base as unknown));
  const topLevel = Object.keys(route.body.properties ?? {});
  return fc.oneof(shaped, fc.record(Object.fromEntries(topLevel.map((f) => [f, jsonValue])), { requiredKeys: [] }), jsonValue);
}

/** Skipped everywhere: they would end the fuzzing member's own session or account. */
export const SELF_ENDING = new Set(['/api/auth/logout', '/api/auth/account']);

export function assertSafe(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  expect(res.body, label).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)|node_modules|ZodError|stack/);
}

/** The routes of the document `app` serves (development and production differ), with every parameter of each. */
export async function slotsOfApp(app: TestApp) {
  const doc = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const all = routesOf(doc).filter((r) => !SELF_ENDING.has(r.path));
  return all.flatMap((route) => slotsOf(route).map((slot) => ({ route, slot })));
}

/**
 * For each route of the document and each of its parameters (path, query, body field, nested ones
 * included): a NUL there, the rest of the request well formed, is answered 400 (401 is also right for a
 * visitor of a member-only route, which may be refused before anything is read), never 5xx.
 */
export async function nulProperty(app: TestApp, memberCookie: string) {
  const cases = await slotsOfApp(app);
  expect(cases.length).toBeGreaterThan(150);
  // The console's routes are read only behind an operator's session (issue 18): the "member" has one too.
  const operatorCookie = `${memberCookie}; ${await sessionCookie(app.db, { isAdmin: true })}`;
  for (const { route, slot } of cases) {
    await fc.assert(
      fc.asyncProperty(withNul, fc.boolean(), async (nul, asMember) => {
        const req = requestWith(route, slot, nul);
        const cookie = route.admin ? operatorCookie : memberCookie;
        const res = await app.app.inject({ ...req, headers: asMember ? { cookie } : {} });
        const allowed = asMember ? [400] : [400, 401];
        expect(allowed, `${route.method} ${route.path} ${slotName(slot)} answered ${res.statusCode}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message).toBe('入力内容に使用できない文字が含まれています');
      }),
      { numRuns: 3, seed: 20261123 },
    );
  }
}

/**
 * For each route of the document and each of its parameters: control characters other than NUL there
 * (stored as text like any other character), the rest of the request well formed so that they travel
 * as far as the route lets them, for a visitor and a member: never a 5xx, never a stack trace.
 */
export async function controlProperty(app: TestApp, memberCookie: string) {
  const cases = await slotsOfApp(app);
  for (const { route, slot } of cases) {
    await fc.assert(
      fc.asyncProperty(controlTextWithoutNul(), fc.boolean(), async (text, asMember) => {
        const res = await app.app.inject({ ...requestWith(route, slot, text), headers: asMember ? { cookie: memberCookie } : {} });
        // Production without Google configured answers every sign-in start with this 503, by design.
        if (route.path === '/api/auth/google' && !app.config.oidc && !app.config.devLogin && res.statusCode === 503) {
          expect(res.json().message).toBe(MESSAGES.signInUnavailable);
          return;
        }
        // Production without ADMIN_USERNAME and ADMIN_PASSWORD answers the console's sign-in with this 503, by design (issue 18).
        if (route.path === '/api/admin/login' && app.config.isProduction && res.statusCode === 503) {
          expect(res.json().message).toBe(ADMIN_API_MESSAGES.consoleOff);
          return;
        }
        // Production without Stripe answers the payment calls with this 503, by design (issue 17).
        if (app.config.payments.mode === 'off' && res.statusCode === 503) {
          expect(res.json().message).toBe(PREMIUM_API_MESSAGES.paymentsUnavailable);
          return;
        }
        assertSafe(res, `${route.method} ${route.path} ${slotName(slot)}`);
      }),
      { numRuns: 6, seed: 20261124 },
    );
  }
}

/**
 * The characters no written text may hold (#36.8): the C0 controls but tab, line feed, carriage return
 * (read as a line feed in text of several lines) and NUL (refused at the edge with its own message), DEL,
 * and either half of a surrogate pair alone.
 */
export const REFUSED_CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)).filter((c) => !'\u0000\t\n\r'.includes(c)),
  '\u007f',
  '\ud800',
  '\udfff',
];

/** Whether a field of the document is text a person could write (a string, not one of a fixed list). */
const isText = (schema: JsonSchema): boolean =>
  (schema.type === 'string' && !schema.enum) || Boolean((schema.anyOf ?? schema.oneOf)?.some(isText));

/** The schema of the field at `at` of a body (the first item of an array, any option of a union). */
function schemaAt(schema: JsonSchema, at: (string | number)[]): JsonSchema | undefined {
  if (at.length === 0) return schema;
  const [head, ...rest] = at;
  const next = typeof head === 'number' ? schema.items : schema.properties?.[head];
  const options = schema.anyOf ?? schema.oneOf;
  if (!next && options) return options.map((o) => schemaAt(o, at)).find(Boolean);
  return next && schemaAt(next, rest);
}

/** Every text field of every JSON body of the document `app` serves, with its route. */
export async function textFieldsOfApp(app: TestApp) {
  const doc = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  return routesOf(doc)
    .filter((r) => !SELF_ENDING.has(r.path) && r.body)
    .flatMap((route) =>
      fieldsOf(route.body as JsonSchema)
        .filter((at) => {
          const s = schemaAt(route.body as JsonSchema, at);
          return s !== undefined && isText(s);
        })
        .map((at) => ({ route, slot: { in: 'body' as const, at } })),
    );
}

/**
 * For each text field of each body of the document and each refused character: the character inside
 * otherwise plausible text, the rest of the request well formed, from a member who is also an operator,
 * is answered 400 with the catalogue's message, whatever the field (a name, a title, a message, a script,
 * an address, a secret). Answers the fields it went through.
 */
export async function controlRefusalProperty(app: TestApp, memberCookie: string) {
  const cases = await textFieldsOfApp(app);
  const cookie = `${memberCookie}; ${await sessionCookie(app.db, { isAdmin: true })}`;
  for (const { route, slot } of cases) {
    for (const control of REFUSED_CONTROLS) {
      const res = await app.app.inject({ ...requestWith(route, slot, `テ${control}スト`), headers: { cookie } });
      const label = `${route.method} ${route.path} ${slotName(slot)} with U+${control.charCodeAt(0).toString(16).padStart(4, '0')}: ${res.body}`;
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toBe(TEXT_MESSAGES.controlCharacters);
    }
  }
  return cases.map(({ route, slot }) => `${route.method} ${route.path} ${slotName(slot)}`);
}
