import { type AdminUploadAnswer, AdminUploadAnswerSchema } from '@shared/schemas/admin-audio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api';
import { bySchema, readJson } from '@web/lib/json';
import { queryKeys } from '@web/lib/query-keys';

/**
 * POST /admin/upload, multipart `audio` and `title` (spec §7). XMLHttpRequest rather than fetch, for
 * the upload's progress; a refusal rejects with an ApiError carrying the answer, as api() does.
 */
export function uploadAudio(input: { title: string; file: File; onProgress: (fraction: number) => void }): Promise<AdminUploadAnswer> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('audio', input.file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/admin/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) input.onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = readJson(xhr.responseText, bySchema(AdminUploadAnswerSchema));
        if (answer) resolve(answer);
        else reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText}`));
      } else reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.send(form);
  });
}

/** The upload, then the file list and the listener side's catalogue are asked again. */
export function useUploadAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAudio,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.filesAll() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all() }),
      ]),
  });
}
