/**
 * The one barrel of the database's tables: drizzle-kit reads the schema from this file alone
 * (drizzle.config.ts), the client hands it to drizzle and the backup lists its tables from it. Each
 * table is declared once, in its owner's tables.ts (docs/architecture.md, "Who owns which table"), and
 * re-exported here by name: only tables, so `Object.values(schema)` is the tables and nothing else.
 */

export { invitations } from '../features/access/tables';
export { themes } from '../features/admin/tables';
export { authFlows, consentSessions, sessions } from '../features/auth/tables';
export { creationPreviews, creationUsage, scriptChecks, scriptUsage } from '../features/creation/tables';
export { follows } from '../features/follows/tables';
export { listeningHistory, listens } from '../features/history/tables';
export { likes } from '../features/likes/tables';
export { notifications, pushSubscriptions } from '../features/notifications/tables';
export { categories, playlistFollows, playlistItems, playlists } from '../features/playlists/tables';
export { demoPaymentIntents, premiumPayments, premiumSubscriptions, stripeEvents } from '../features/premium/tables';
export { segues } from '../features/radio/tables';
export { readingEntries, readingReports } from '../features/readings/tables';
export { contactMessages } from '../features/support/tables';
export { tracks } from '../features/tracks/tables';
export { type UserRow, users } from '../features/users/tables';
export { tasks } from '../jobs/tables';
export { appMeta } from './tables/app-meta';
export { rateCounters } from './tables/rate-counters';
