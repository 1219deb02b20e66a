/** The console's tab 音声管理: sub-tabs ファイル一覧, アップロード, AI生成 (spec §2.4). */
export function AudioTab() {
  return null;
}
