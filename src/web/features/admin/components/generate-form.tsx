/**
 * 音声管理 › AI生成 (spec §2.4): input 1-1,000 characters with its counter (about 400 recommended), the
 * speaking rate (0.5, 0.75 default, 1.0, 1.25, 1.5) and the progress of GET /api/generate-content.
 */
export function GenerateForm() {
  return null;
}
