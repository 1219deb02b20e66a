import { ADMIN_TEXT } from '@shared/messages/admin';
import { APP_TEXT } from '@shared/messages/app';
import { AdminLayout } from '../components/admin-layout';

/** /admin/users/:userId: info, statistics, listening history and sessions (spec §2.4). */
export function AdminUserDetailRoute() {
  return (
    <AdminLayout title={APP_TEXT.routes.adminUsersUserIdTitle} back={{ to: '/admin', label: ADMIN_TEXT.shell.backAdmin }}>
      {null}
    </AdminLayout>
  );
}
