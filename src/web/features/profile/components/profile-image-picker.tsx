import { PROFILE_TEXT } from '@shared/messages/profile';
import { checkImageFile, PROFILE_FORM_MESSAGES } from '@shared/rules/profile-form';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { Camera, LoaderCircle } from 'lucide-react';
import { useId, useRef } from 'react';
import { UploadError, useUploadProfileImage } from '../api/upload-profile-image';

/**
 * The image picker (L-2.7-36, L-2.7-44): checked here (10 MB, image/*) before anything is sent; the
 * button rests while an upload runs (L-4.9-01). The server sets the new picture on the member.
 */
export function ProfileImagePicker({ picture, name }: { picture: string | null; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadProfileImage();

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = checkImageFile(file);
    if (refused) {
      toast({ title: refused.title, description: refused.description, variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: PROFILE_FORM_MESSAGES.uploadedTitle, description: PROFILE_FORM_MESSAGES.uploaded }),
      onError: (e) =>
        toast({
          title: PROFILE_FORM_MESSAGES.uploadFailedTitle,
          description: (e instanceof UploadError && e.serverError) || PROFILE_FORM_MESSAGES.uploadFailed,
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="flex items-center gap-4">
      <div className="relative">
        <Avatar picture={picture} name={name} className="size-20" textClassName="text-[2.25rem]" />
        {upload.isPending && (
          <span className="absolute inset-0 inline-flex items-center justify-center rounded-full bg-black/45 text-white">
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="profile-image-input"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button
          variant="secondary"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
          className="px-4 text-sm"
          data-testid="profile-image-button"
        >
          <Camera aria-hidden="true" className="size-4" />
          {upload.isPending ? PROFILE_TEXT.profileImagePicker.isPending : PROFILE_TEXT.profileImagePicker.notIsPending}
        </Button>
        <p id={hintId} className="mt-1.5 text-muted text-xs">
          {PROFILE_FORM_MESSAGES.imageHint}
        </p>
      </div>
    </div>
  );
}
