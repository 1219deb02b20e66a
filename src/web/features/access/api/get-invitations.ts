import type { InvitationSchema, InvitationStatsSchema } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import type { z } from 'zod';

export type Invitation = z.infer<typeof InvitationSchema>;
export type InvitationStats = z.infer<typeof InvitationStatsSchema>;

export const getInvitationStats = (): Promise<InvitationStats> => api<Answer<typeof InvitationStatsSchema>>('/api/invitations/stats');
export const getMyInvitations = (): Promise<Invitation[]> => api<Answer<typeof InvitationSchema>[]>('/api/invitations/my');

export const invitationStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.invitations.stats(), queryFn: getInvitationStats, staleTime: 0 });
export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.invitations.mine(), queryFn: getMyInvitations, staleTime: 0 });

export const useInvitationStats = (enabled: boolean) => useQuery({ ...invitationStatsQueryOptions(), enabled });
export const useMyInvitations = (enabled: boolean) => useQuery({ ...myInvitationsQueryOptions(), enabled });
