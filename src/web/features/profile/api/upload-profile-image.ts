import { STORAGE_KEYS } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '@web/lib/auth';
import { readStored } from '@web/lib/storage';

/** A refused upload; `serverError` is the answer's error text when it has one. */
export class UploadError extends Error {
  constructor(readonly serverError: string | null) {
    super(serverError ?? 'upload failed');
  }
}

/**
 * POST /api/upload/profile-image, multipart field `image` (the JSON client does not do multipart).
 * The server re-encodes the picture and sets it on the member; the answer is its imageUrl.
 */
export async function uploadProfileImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const persisted = readStored('local', STORAGE_KEYS.persistedUserId);
  if (persisted) headers['x-persisted-user-id'] = persisted;
  let res: Response;
  try {
    res = await fetch('/api/upload/profile-image', { method: 'POST', body: form, credentials: 'include', headers });
  } catch {
    throw new UploadError(null);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const d = (data ?? {}) as { error?: unknown; message?: unknown };
    const text = typeof d.error === 'string' && d.error ? d.error : typeof d.message === 'string' && d.message ? d.message : null;
    throw new UploadError(text);
  }
  const imageUrl = (data as { imageUrl?: unknown } | null)?.imageUrl;
  if (typeof imageUrl !== 'string') throw new UploadError(null);
  return imageUrl;
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
