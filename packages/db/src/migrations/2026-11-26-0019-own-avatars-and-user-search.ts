import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// Avatars come from Kim's own icon set only: an image address from another site would be loaded by whoever views
// the avatar (an admin), a tracking pixel. Stored addresses become the default icon; down can't bring them back.
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable("users").set({ profile_image_url: "User" }).where("profile_image_url", "like", "%/%").execute();
}

export async function down(): Promise<void> {}
