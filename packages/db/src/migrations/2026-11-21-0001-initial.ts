import { sql, type ColumnDefinitionBuilder as Col, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  const id = (col: Col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`);
  const now = (col: Col) => col.notNull().defaultTo(sql`now()`);
  const owner = (col: Col) => col.notNull().references("users.id").onDelete("cascade");

  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", id)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password", "text")
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("profile_image_url", "text", (c) => c.notNull().defaultTo("User"))
    .addColumn("password_reset_token", "text")
    .addColumn("password_reset_expires", "timestamptz")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user").check(sql`role in ('user', 'admin')`))
    .addColumn("is_pro", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_beta_tester", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("plan", "text", (c) => c.notNull().defaultTo("none").check(sql`plan in ('none', 'basic', 'pro')`))
    .addColumn("stripe_customer_id", "text", (c) => c.unique())
    .addColumn("stripe_subscription_id", "text")
    .addColumn("subscription_status", "text")
    .addColumn("trial_ends_at", "timestamptz")
    .addColumn("current_period_end", "timestamptz")
    .addColumn("created_at", "timestamptz", now)
    .addColumn("updated_at", "timestamptz", now)
    .execute();

  // sid is the SHA-256 of the cookie token; user_id lets a password reset end every session at once.
  await db.schema
    .createTable("sessions")
    .addColumn("sid", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", owner)
    .addColumn("sess", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("expire", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_expire_idx").on("sessions").column("expire").execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("ingredients")
    .addColumn("id", "uuid", id)
    .addColumn("user_id", "uuid", owner)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("quantity", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("unit", "text", (c) => c.notNull().defaultTo("units"))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("expiration_date", "date")
    .addColumn("notes", "text")
    .addColumn("created_at", "timestamptz", now)
    .addColumn("updated_at", "timestamptz", now)
    .execute();
  await db.schema
    .createIndex("ingredients_user_expiry_idx")
    .on("ingredients")
    .columns(["user_id", "expiration_date", "name"])
    .execute();

  await db.schema
    .createTable("recipes")
    .addColumn("id", "uuid", id)
    .addColumn("user_id", "uuid", owner)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("image_url", "text")
    .addColumn("prep_time", "integer")
    .addColumn("cook_time", "integer")
    .addColumn("servings", "integer")
    .addColumn("difficulty", "text")
    .addColumn("cuisine_type", "text")
    .addColumn("ingredients", "jsonb", (c) => c.notNull())
    .addColumn("instructions", "text", (c) => c.notNull())
    .addColumn("tags", "jsonb")
    .addColumn("is_ai_extracted", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", now)
    .addColumn("updated_at", "timestamptz", now)
    .execute();
  await db.schema.createIndex("recipes_user_created_idx").on("recipes").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("meal_plans")
    .addColumn("id", "uuid", id)
    .addColumn("user_id", "uuid", owner)
    .addColumn("recipe_id", "uuid", (c) => c.references("recipes.id").onDelete("set null"))
    .addColumn("date", "date", (c) => c.notNull())
    .addColumn("meal_type", "text", (c) => c.notNull().check(sql`meal_type in ('breakfast', 'lunch', 'dinner')`))
    .addColumn("servings", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("notes", "text")
    .addColumn("created_at", "timestamptz", now)
    .execute();
  await db.schema.createIndex("meal_plans_user_date_idx").on("meal_plans").columns(["user_id", "date"]).execute();
  await db.schema.createIndex("meal_plans_recipe_idx").on("meal_plans").column("recipe_id").execute();

  await db.schema
    .createTable("shopping_lists")
    .addColumn("id", "uuid", id)
    .addColumn("user_id", "uuid", owner)
    .addColumn("name", "text", (c) => c.notNull().defaultTo("Shopping List"))
    .addColumn("items", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", now)
    .addColumn("updated_at", "timestamptz", now)
    .execute();
  await db.schema
    .createIndex("shopping_lists_user_created_idx")
    .on("shopping_lists")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("bug_reports")
    .addColumn("id", "uuid", id)
    .addColumn("user_id", "uuid", owner)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("medium"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("admin_notes", "text")
    .addColumn("created_at", "timestamptz", now)
    .addColumn("updated_at", "timestamptz", now)
    .execute();
  await db.schema.createIndex("bug_reports_user_idx").on("bug_reports").column("user_id").execute();
  await db.schema
    .createIndex("bug_reports_status_created_idx")
    .on("bug_reports")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("extraction_feedback")
    .addColumn("id", "uuid", id)
    .addColumn("recipe_id", "uuid", (c) => c.notNull().references("recipes.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", owner)
    .addColumn("original_extraction", "jsonb", (c) => c.notNull())
    .addColumn("user_corrections", "jsonb", (c) => c.notNull())
    .addColumn("source_type", "text", (c) => c.notNull())
    .addColumn("source_url", "text")
    .addColumn("created_at", "timestamptz", now)
    .execute();
  await db.schema.createIndex("extraction_feedback_recipe_idx").on("extraction_feedback").column("recipe_id").execute();
  await db.schema.createIndex("extraction_feedback_user_idx").on("extraction_feedback").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["extraction_feedback", "bug_reports", "shopping_lists", "meal_plans", "recipes", "ingredients", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
