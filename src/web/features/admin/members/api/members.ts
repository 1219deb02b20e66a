import type {
  AccessStatus,
  AdminAccessBody,
  AdminInvitationBody,
  AdminListeningEntry,
  AdminMember,
  AdminMemberDetail,
  AdminMemberList,
  AdminPremiumBody,
  AdminSession,
} from '@shared/schemas/admin-members';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The console's 会員管理 calls (creator-operator spec §7, issue 18): the member list a page at a time,
 * one member with figures, history and sessions, and the operator's changes. Every change fetches the
 * member answers again (queryKeys.admin.users() covers the list pages and the detail).
 */

export type { AccessStatus, AdminListeningEntry, AdminMember, AdminMemberDetail, AdminMemberList, AdminSession };

export const getAdminMembers = (page: number, search: string) => {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return api<AdminMemberList>(`/api/admin/users?${params}`);
};
export const getAdminMember = (id: string) => api<AdminMemberDetail>(`/api/admin/users/${encodeURIComponent(id)}`);
export const getAdminMemberHistory = (id: string) =>
  api<AdminListeningEntry[]>(`/api/admin/users/${encodeURIComponent(id)}/listening-history`);
export const getAdminMemberSessions = (id: string) => api<AdminSession[]>(`/api/admin/users/${encodeURIComponent(id)}/sessions`);

export const setAdminPremium = (body: AdminPremiumBody) => api<AdminMember>('/api/admin/users/premium', { method: 'POST', body });
export const setAdminInvitation = (body: AdminInvitationBody) =>
  api<AdminMember>('/api/admin/users/invitation-status', { method: 'POST', body });
export const setAdminAccess = (body: AdminAccessBody) => api<AdminMember>('/api/admin/users/access-status', { method: 'POST', body });
export const deleteAdminMember = (id: string) => api(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** A page of members; the previous page stays on screen while the next one loads. Fresh on every visit. */
export const adminMembersQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: queryKeys.admin.usersPage(page, search),
    queryFn: () => getAdminMembers(page, search),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
export const useAdminMembers = (page: number, search: string) => useQuery(adminMembersQueryOptions(page, search));

export const adminMemberQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin.user(id), queryFn: () => getAdminMember(id), staleTime: 0 });
export const useAdminMember = (id: string) => useQuery(adminMemberQueryOptions(id));

export const useAdminMemberHistory = (id: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.admin.userHistory(id), queryFn: () => getAdminMemberHistory(id), staleTime: 0, enabled });
export const useAdminMemberSessions = (id: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.admin.userSessions(id), queryFn: () => getAdminMemberSessions(id), staleTime: 0, enabled });

function useRefreshMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.users() });
}

/** Not optimistic: the table shows what the server answered once it has. */
export function useSetAdminPremium() {
  const refresh = useRefreshMembers();
  return useMutation({ mutationFn: setAdminPremium, onSettled: refresh });
}
export function useSetAdminInvitation() {
  const refresh = useRefreshMembers();
  return useMutation({ mutationFn: setAdminInvitation, onSettled: refresh });
}
export function useSetAdminAccess() {
  const refresh = useRefreshMembers();
  return useMutation({ mutationFn: setAdminAccess, onSettled: refresh });
}
export function useDeleteAdminMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminMember,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.admin.user(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.users() });
    },
  });
}
