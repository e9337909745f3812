import { sql, type Kysely } from "kysely";

// What happens to stock is kept as it happens (an item thrown away after its date, or used up), because insights
// can't be rebuilt later from quantities alone. A row keeps the item's name and category, so it outlives the item.
// user_settings holds the opt-in expiry mail and the cook's time zone (the browser's IANA name), and the local
// date the mail last went out: the conditional update of that date is what makes it once a day across processes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stock_events")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // No foreign key: the event stays when the item is deleted (that is when most waste is recorded).
    .addColumn("ingredient_id", "uuid")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('wasted', 'used')`))
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('deleted', 'emptied', 'cooked')`))
    .addColumn("expiration_date", "date")
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("stock_events_user_id_occurred_at_idx").on("stock_events").columns(["user_id", "occurred_at"]).execute();

  await db.schema
    .createTable("user_settings")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("expiry_mail", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("time_zone", "text")
    .addColumn("expiry_mail_sent_on", "date")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The mail job reads only the cooks who asked for it.
  await sql`create index user_settings_expiry_mail_idx on user_settings (user_id) where expiry_mail`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_settings").execute();
  await db.schema.dropTable("stock_events").execute();
}
