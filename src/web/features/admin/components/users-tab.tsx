/** The console's tab 会員管理: the member table (spec §2.4). */
export function UsersTab() {
  return null;
}
