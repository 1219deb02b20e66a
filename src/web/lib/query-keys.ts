/**
 * Every cache key of the app, in one place. The query options (key, fetcher, freshness) live in the one
 * api file of the feature that owns the endpoint; a mutation of another feature that changes that data
 * invalidates or writes through these keys, so it never imports the owning feature (docs/conventions-web.md).
 * Keys nest: invalidating a prefix (tracks.all, playlists.all, follows.all) refreshes everything under it.
 */
export const queryKeys = {
  auth: {
    user: () => ['auth', 'user'] as const,
    premiumStatus: (userId: string) => ['auth', 'premium-status', userId] as const,
  },
  premium: {
    /** POST /api/create-payment-intent, idempotent on the server: one intent a member while the page lasts. */
    paymentIntent: (userId: string) => ['premium', 'payment-intent', userId] as const,
    subscription: (userId: string) => ['premium', 'subscription', userId] as const,
  },
  tracks: {
    /** GET /api/tracks (the catalogue); also the prefix of every track. */
    all: () => ['tracks'] as const,
    detail: (id: number) => ['tracks', id] as const,
    transcript: (id: number) => ['tracks', id, 'transcript'] as const,
  },
  myTracks: () => ['my-tracks'] as const,
  /** GET /api/my-tracks/{id}/stats: under my-tracks, so a change to my tracks refreshes it. */
  myTrackStats: (id: number) => ['my-tracks', id, 'stats'] as const,
  radio: {
    /** GET /api/radio/programme?minutes=N (あと N 分): asked afresh at each start. */
    programme: (minutes: number) => ['radio', 'programme', minutes] as const,
  },
  creation: {
    postingStatus: (userId: string) => ['creation', 'posting-status', userId] as const,
    task: (id: number) => ['creation', 'task', id] as const,
  },
  likes: {
    all: () => ['likes'] as const,
    status: (trackId: number) => ['likes', trackId] as const,
  },
  favorites: () => ['favorites'] as const,
  playlists: {
    all: () => ['playlists'] as const,
    mine: () => ['playlists', 'user'] as const,
    detail: (id: number) => ['playlists', id] as const,
    publicSlug: (slug: string) => ['playlists', 'public', slug] as const,
    publicUserSlug: (userId: string, slug: string) => ['playlists', 'public', userId, slug] as const,
  },
  categories: {
    tracks: () => ['categories', 'tracks'] as const,
    search: (q: string) => ['categories', 'search', q] as const,
  },
  users: {
    detail: (id: string) => ['users', id] as const,
    tracks: (id: string) => ['users', id, 'tracks'] as const,
    playlists: (id: string) => ['users', id, 'playlists'] as const,
    /** Written from the follow answer, so it is not under follows.all (no second request). */
    followStatus: (id: string) => ['users', id, 'follow-status'] as const,
  },
  follows: {
    /** The prefix of every follow answer: a follow or unfollow refreshes all of them. */
    all: () => ['follows'] as const,
    counts: (id: string) => ['follows', 'counts', id] as const,
    /** GET /api/follows/{direction}/{id}: the records of the list pages. */
    records: (direction: 'followers' | 'following', id: string) => ['follows', direction, id, 'records'] as const,
    /** GET /api/users/{id}/{direction}: the users of My Page's dialog. */
    users: (direction: 'followers' | 'following', id: string) => ['follows', direction, id, 'users'] as const,
  },
  search: (q: string, category: string) => ['search', q, category] as const,
  /** The operators' console (issue 18): everything under admin.all, dropped at sign-out. */
  admin: {
    all: () => ['admin'] as const,
    status: () => ['admin', 'status'] as const,
    /** The prefix of the file list and its locations. */
    filesAll: () => ['admin', 'files'] as const,
    files: (page: number, search: string) => ['admin', 'files', page, search] as const,
    fileLocations: (ids: number[]) => ['admin', 'files', 'location', ids.join(',')] as const,
    trackStats: (id: number) => ['admin', 'tracks', id, 'stats'] as const,
    users: () => ['admin', 'users'] as const,
    usersPage: (page: number, search: string) => ['admin', 'users', 'page', page, search] as const,
    user: (id: string) => ['admin', 'users', id] as const,
    userHistory: (id: string) => ['admin', 'users', id, 'listening-history'] as const,
    userSessions: (id: string) => ['admin', 'users', id, 'sessions'] as const,
    themes: () => ['admin', 'themes'] as const,
    /** Every page of the generation queue (what a change to a task refreshes). */
    tasksAll: () => ['admin', 'tasks'] as const,
    tasks: (page: number) => ['admin', 'tasks', page] as const,
    scheduledJobs: () => ['admin', 'scheduled-jobs'] as const,
    health: () => ['admin', 'health'] as const,
    ping: () => ['admin', 'ping'] as const,
    contactMessages: (page: number) => ['admin', 'contact-messages', page] as const,
    readings: () => ['admin', 'readings'] as const,
    readingReports: () => ['admin', 'reading-reports'] as const,
  },
  accessControl: (pathname: string) => ['access-control', pathname] as const,
  invitations: {
    stats: () => ['invitations', 'stats'] as const,
    mine: () => ['invitations', 'my'] as const,
  },
  notifications: {
    list: () => ['notifications', 'list'] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
  },
};
