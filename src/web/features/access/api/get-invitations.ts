import { InvitationSchema, InvitationStatsSchema } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { z } from 'zod';

export type Invitation = z.infer<typeof InvitationSchema>;
export type InvitationStats = z.infer<typeof InvitationStatsSchema>;

export const getInvitationStats = (): Promise<InvitationStats> => api('/api/invitations/stats', { schema: InvitationStatsSchema });
export const getMyInvitations = (): Promise<Invitation[]> => api('/api/invitations/my', { schema: z.array(InvitationSchema) });

export const invitationStatsQueryOptions = () =>
  queryOptions({ queryKey: ['invitations', 'stats'], queryFn: getInvitationStats, staleTime: 0 });
export const myInvitationsQueryOptions = () => queryOptions({ queryKey: ['invitations', 'my'], queryFn: getMyInvitations, staleTime: 0 });

export const useInvitationStats = (enabled: boolean) => useQuery({ ...invitationStatsQueryOptions(), enabled });
export const useMyInvitations = (enabled: boolean) => useQuery({ ...myInvitationsQueryOptions(), enabled });
