import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";
import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import * as initial from "./migrations/2026-11-21-0001-initial";
import * as outbox from "./migrations/2026-11-21-0002-outbox-and-rate-limits";
import * as barcodes from "./migrations/2026-11-21-0003-barcode-products";
import * as inventoryVersion from "./migrations/2026-11-21-0004-inventory-version";
import * as listVersions from "./migrations/2026-11-22-0005-list-versions";
import * as knownDevices from "./migrations/2026-11-22-0006-known-devices";
import * as shoppingListVersion from "./migrations/2026-11-22-0007-shopping-list-version";
import * as billing from "./migrations/2026-11-25-0009-billing";
import * as stockEventsAndExpiryMail from "./migrations/2026-11-25-0010-stock-events-and-expiry-mail";
import * as prioritySupport from "./migrations/2026-11-25-0011-priority-support";
import * as idempotencyKeys from "./migrations/2026-11-26-0012-idempotency-keys";
import * as adminAudit from "./migrations/2026-11-25-0008-admin-audit";
import * as oneTrialPerAccount from "./migrations/2026-11-26-0018-one-trial-per-account";
import * as ownAvatarsAndUserSearch from "./migrations/2026-11-26-0019-own-avatars-and-user-search";
import * as listRowCounts from "./migrations/2026-11-27-0020-list-row-counts";
import * as trialCheckout from "./migrations/2026-11-27-0035-trial-checkout";
import * as households from "./migrations/2026-11-27-0036-households";
import * as movingInAndOut from "./migrations/2026-11-27-0037-moving-in-and-out";
import * as collectionImportFingerprint from "./migrations/2026-12-07-0038-collection-import-fingerprint";
import * as outboxSendBy from "./migrations/2026-12-07-0039-outbox-send-by";
import * as recipePhotosChecked from "./migrations/2026-12-07-0040-recipe-photos-checked";
import * as recipePhotoDisplayCopies from "./migrations/2026-12-07-0041-recipe-photo-display-copies";
import * as recipePhotosKeptAt from "./migrations/2026-12-07-0042-recipe-photos-kept-at";

// Listed here rather than read from disk so the bundled API carries its migrations with it.
export const migrations: Record<string, Migration> = {
  "2026-11-21-0001-initial": initial,
  "2026-11-21-0002-outbox-and-rate-limits": outbox,
  "2026-11-21-0003-barcode-products": barcodes,
  "2026-11-21-0004-inventory-version": inventoryVersion,
  "2026-11-22-0005-list-versions": listVersions,
  "2026-11-22-0006-known-devices": knownDevices,
  "2026-11-22-0007-shopping-list-version": shoppingListVersion,
  "2026-11-25-0009-billing": billing,
  "2026-11-25-0010-stock-events-and-expiry-mail": stockEventsAndExpiryMail,
  "2026-11-25-0011-priority-support": prioritySupport,
  "2026-11-26-0012-idempotency-keys": idempotencyKeys,
  "2026-11-25-0008-admin-audit": adminAudit,
  "2026-11-26-0018-one-trial-per-account": oneTrialPerAccount,
  "2026-11-26-0019-own-avatars-and-user-search": ownAvatarsAndUserSearch,
  "2026-11-27-0020-list-row-counts": listRowCounts,
  "2026-11-27-0035-trial-checkout": trialCheckout,
  "2026-11-27-0036-households": households,
  "2026-11-27-0037-moving-in-and-out": movingInAndOut,
  "2026-12-07-0038-collection-import-fingerprint": collectionImportFingerprint,
  "2026-12-07-0039-outbox-send-by": outboxSendBy,
  "2026-12-07-0040-recipe-photos-checked": recipePhotosChecked,
  "2026-12-07-0041-recipe-photo-display-copies": recipePhotoDisplayCopies,
  "2026-12-07-0042-recipe-photos-kept-at": recipePhotosKeptAt,
};

export function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function check({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * Whether the database has applied exactly these migrations: two reads, where the migrator takes its lock and checks
 * its tables (on PGlite 300 ms to 1 s of each start; decision 0034). Any other set, such as one applied by a newer Kim,
 * goes to the migrator and its checks.
 */
async function isCurrent(db: Kysely<Database>): Promise<boolean> {
  const { rows: table } = await sql<{ found: boolean }>`select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!table[0]?.found) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.length === Object.keys(migrations).length && rows.every((row) => Object.hasOwn(migrations, row.name));
}

/** Applies pending migrations (Kysely's lock makes concurrent starts safe); returns the names applied. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await isCurrent(db)) return [];
  return check(await migrator(db).migrateToLatest());
}

export async function migrateDown(db: Kysely<Database>): Promise<string[]> {
  return check(await migrator(db).migrateDown());
}
