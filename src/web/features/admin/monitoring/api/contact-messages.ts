import type { AdminContactList } from '@shared/schemas/admin-contact';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type { AdminContactList };

export const getContactMessages = (page: number) => api<AdminContactList>(`/api/admin/contact-messages?page=${page}`);

/** GET /api/admin/contact-messages: the contact form's messages, 10 a page, newest first. */
export const contactMessagesQueryOptions = (page: number) =>
  queryOptions({ queryKey: queryKeys.admin.contactMessages(page), queryFn: () => getContactMessages(page), staleTime: 30_000 });

export const useContactMessages = (page: number) => useQuery({ ...contactMessagesQueryOptions(page), placeholderData: keepPreviousData });
