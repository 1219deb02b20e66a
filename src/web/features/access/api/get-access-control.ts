import type { AccessControl, AccessControlSchema } from '@shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const getAccessControl = (): Promise<AccessControl> => api<Answer<typeof AccessControlSchema>>('/api/access-control');

/**
 * Never cached (listener spec §7): stale at once and dropped as soon as no page watches it, so every
 * visit of a guarded page asks the server again.
 */
export const accessControlQueryOptions = (pathname: string) =>
  queryOptions({
    queryKey: queryKeys.accessControl(pathname),
    queryFn: getAccessControl,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
