/**
 * Live updates (decision 0037): a mutation calls `publishChange` (`publishChanges` for several kinds) after its
 * write; every API process hears it on PostgreSQL's LISTEN/NOTIFY (PGlite's own when embedded) and tells the open
 * streams of the change's scope, and browsers refetch what changed. `liveScope` says who shares whose changes.
 */
export { liveEventIdOfLists, liveScope, publishChange, publishChanges, publishMoves, publishSignOut } from "./changes";
export { LiveHub, type LiveLimits } from "./hub";
export { EVENTS_PATH, registerLiveEvents } from "./route";
