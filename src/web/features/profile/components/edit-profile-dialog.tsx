import { PROFILE_TEXT } from '@shared/messages/profile';
import { PROFILE_FORM_MESSAGES, type ProfileFormErrors, validateProfileForm } from '@shared/rules/profile-form';
import type { User } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { Field, fieldControl, inputClass, PrefixedInput } from '@web/components/ui/field';
import { publicHost } from '@web/lib/public-origin';
import { serverField, serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { TriangleAlert } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileImagePicker } from './profile-image-picker';
import { useUserIdCheck } from './use-user-id-check';
import { UserIdStatus } from './user-id-status';

/** An identifier typed as it is: no capital, correction, spelling or suggestion from the keyboard. */
const VERBATIM = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, autoComplete: 'off' } as const;

const T = PROFILE_TEXT.editProfileForm;

interface EditProfileDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The edit-profile dialog (listener spec §2 My Page, L-2.7-36 .. L-2.7-44). */
export function EditProfileDialog({ user, open, onOpenChange }: EditProfileDialogProps) {
  return (
    <Modal
      flush
      open={open}
      onOpenChange={onOpenChange}
      title={PROFILE_TEXT.editProfileDialog.title}
      description={PROFILE_TEXT.editProfileDialog.description}
      hideDescription
      testId="edit-profile-dialog"
    >
      {open && <EditProfileForm user={user} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const ids = { email: useId(), name: useId(), userId: useId(), x: useId() };
  const [form, setForm] = useState({ name: user.name, customUserId: user.customUserId ?? '', xHandle: user.xHandle ?? '' });
  const { name, customUserId } = form;
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [failed, setFailed] = useState(false);
  const idCheck = useUserIdCheck(customUserId, user.customUserId);
  const update = useUpdateProfile();
  const idPreview = `${publicHost()}/${customUserId.trim() || 'your-id'}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateProfileForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (idCheck.state === 'unavailable') {
      setErrors({ customUserId: idCheck.reason });
      return;
    }
    setErrors({});
    setFailed(false);
    update.mutate(result.body, {
      onSuccess: () => {
        toast({ title: PROFILE_FORM_MESSAGES.savedTitle, description: PROFILE_FORM_MESSAGES.saved });
        onDone();
      },
      onError: (err) => {
        setFailed(true);
        const message = serverMessage(err);
        toast({
          title: PROFILE_FORM_MESSAGES.saveFailedTitle,
          description: message ?? PROFILE_FORM_MESSAGES.saveFailed,
          variant: 'destructive',
        });
        // The server names the field it refused (a user ID taken meanwhile); its wording is not read.
        if (message && serverField(err, 'field') === 'customUserId') setErrors({ customUserId: message });
      },
    });
  };

  const clearError = (key: keyof ProfileFormErrors) => setErrors((prev) => (prev[key] ? { ...prev, [key]: undefined } : prev));

  const idOf = { name: ids.name, customUserId: ids.userId, xHandle: ids.x };
  /** A field's frame: its input's id and its error. */
  const frame = (key: keyof ProfileFormErrors) => ({ id: idOf[key], error: errors[key] });
  /** An input's id, value, change (which clears the field's error) and its error's description. */
  const field = (key: keyof ProfileFormErrors) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setForm((prev) => ({ ...prev, [key]: e.target.value }));
      clearError(key);
    },
    ...fieldControl(idOf[key], errors[key]),
  });

  const userIdHint = (
    <>
      {T.userIdHint}
      <span className="mt-0.5 block break-all" data-testid="user-id-preview">
        {T.userIdPreview}
        {idPreview}
      </span>
    </>
  );

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" data-testid="edit-profile-form">
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-5">
        <ProfileImagePicker picture={user.picture} name={user.name} />

        <Field id={ids.email} label={T.label} hint={PROFILE_FORM_MESSAGES.emailNote}>
          <input id={ids.email} type="email" value={user.email ?? ''} readOnly className={inputClass} data-testid="profile-email" />
        </Field>

        <Field {...frame('name')} label={T.label2} hint={<span className="tabular-nums">{[...name].length} / 50</span>}>
          <input autoComplete="nickname" className={inputClass} data-testid="profile-name-input" {...field('name')} />
        </Field>

        <Field {...frame('customUserId')} label={T.label3} mark="optional" hint={userIdHint}>
          <input {...VERBATIM} inputMode="url" className={inputClass} data-testid="profile-user-id-input" {...field('customUserId')} />
          {!errors.customUserId && <UserIdStatus check={idCheck} />}
        </Field>

        <Field {...frame('xHandle')} label={T.label4} mark="optional" hint={T.hint}>
          <PrefixedInput prefix="@" {...VERBATIM} placeholder="username" data-testid="profile-x-input" {...field('xHandle')} />
        </Field>

        {failed && (
          <p role="alert" className="flex items-start gap-2 rounded-2xl bg-danger-soft px-4 py-3 text-danger text-sm">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {PROFILE_FORM_MESSAGES.updateFailed}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 border-border border-t px-5 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <Button variant="secondary" onClick={onDone}>
          {T.button}
        </Button>
        <Button type="submit" disabled={update.isPending} data-testid="profile-save">
          {update.isPending ? T.isPending : T.notIsPending}
        </Button>
      </div>
    </form>
  );
}
