/** The console's tab テーマ管理: YouTube extraction, the theme library and the generation queue (spec §2.4). */
export function ThemesTab() {
  return null;
}
