export { createDb, openPglite, type Db, type DbConfig } from "./create-db";
export { DataDirInUseError } from "./data-dir-lock";
export { directRows } from "./direct-rows";
export { inTransaction } from "./transaction";
export { notificationSource, type NotificationSource } from "./notifications";
export { migrateDown, migrateToLatest } from "./migrate";
export { PreparingClient } from "./prepared-statements";
export type * from "./schema";
