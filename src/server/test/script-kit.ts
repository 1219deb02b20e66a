import { insertUser, sessionCookie, type TestApp } from './app';

/** A new member who asks for scripts: each call is their POST /api/generate-script of `inputText` (no title). */
export async function scriptWriterMember(t: Pick<TestApp, 'app' | 'db'>) {
  const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
  return (inputText: string) =>
    t.app.inject({ method: 'POST', url: '/api/generate-script', headers: { cookie }, payload: { inputText, title: '' } });
}
