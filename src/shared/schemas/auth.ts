import { z } from 'zod';
import { customUserIdProblem, nameProblem, xHandleProblem } from '../rules/profile';
import { checkedString, writtenText } from './common';

const NameSchema = checkedString(nameProblem);
const CustomUserIdSchema = checkedString(customUserIdProblem);
const XHandleSchema = checkedString(xHandleProblem);

/** The signed-in user as GET /api/auth/user answers it (listener spec §3, L-3-01). */
export const UserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    picture: z.string().nullable(),
    customUserId: z.string().nullable(),
    xHandle: z.string().nullable(),
    isPremium: z.boolean(),
    premiumStartDate: z.string().nullable(),
    premiumEndDate: z.string().nullable(),
    totalPremiumMonths: z.number().int(),
    canInvite: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('User');
export type User = z.infer<typeof UserSchema>;

export const UserAnswerSchema = z.object({ user: UserSchema });

export const DevLoginSchema = z.object({
  email: writtenText().toLowerCase().email('メールアドレスの形式が正しくありません').max(254),
  name: writtenText().min(1).max(50).optional(),
  invitationCode: writtenText().max(64).optional(),
});

/** Optional fields; a field that is present is validated by the spec's rules. The e-mail is never taken. */
export const ProfileUpdateSchema = z.object({
  name: NameSchema.optional(),
  // An empty user ID clears it; nullable rather than a union, so a bad value reports the spec's message.
  customUserId: z.preprocess((v) => (v === '' ? null : v), CustomUserIdSchema.nullable()).optional(),
  // Checked against the member's current picture on the server (an unchanged value is always fine).
  picture: writtenText().max(2048).nullable().optional(),
  xHandle: XHandleSchema.nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const CheckUserIdAnswerSchema = z.object({ available: z.boolean(), reason: z.string() });

export const ConsentSessionSchema = z.object({
  id: writtenText('single', { trim: false }).uuid(),
  cookieConsent: z.boolean(),
  analyticsConsent: z.boolean(),
});

export const ACCESS_REASONS = ['approved', 'not_authenticated', 'user_not_found', 'pending_approval', 'access_denied'] as const;
export const AccessControlSchema = z.object({ hasAccess: z.boolean(), reason: z.enum(ACCESS_REASONS) });
export type AccessControl = z.infer<typeof AccessControlSchema>;

export const InvitationSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    usedCount: z.number().int(),
    maxUses: z.number().int(),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .describe('Invitation');
export const InvitationListSchema = z.array(InvitationSchema);
export const InvitationStatsSchema = z.object({ totalInvitesUsed: z.number().int(), availableInvites: z.number().int() });

export const GoogleStartQuerySchema = z.object({
  redirect: z.string().max(500).optional(),
  code: z.string().max(64).optional(),
  invitation: z.string().max(64).optional(),
  payment: z.string().max(10).optional(),
});

export { SuccessSchema } from './common';

export const CheckUserIdParamSchema = z.object({ customUserId: z.string().max(200) });
export const ProfileImageAnswerSchema = z.object({ imageUrl: z.string() });
/** Upload errors carry the message twice, as `error` and `message` (listener spec §5). */
export const UploadErrorSchema = z.object({ error: z.string(), message: z.string() });
export const ProfileFileParamSchema = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]+\.webp$/)
    .max(120),
});

export const OidcCallbackQuerySchema = z
  .object({ state: z.string().max(200).optional(), code: z.string().max(2000).optional(), error: z.string().max(200).optional() })
  .passthrough();
export const DevChooserQuerySchema = z.object({ redirect: z.string().max(500).optional(), code: z.string().max(64).optional() });
/** A refused profile change: the message, and the form field it concerns where it concerns one. */
export const ProfileErrorSchema = z.object({ message: z.string(), field: z.enum(['customUserId']).optional() });
export const SignInRefusedSchema = z.object({ message: z.string(), reason: z.enum(['invitation_required', 'invalid_invitation']) });
