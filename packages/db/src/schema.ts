import type {
  HouseholdRole,
  MealType,
  Plan,
  RecipeField,
  RecipeInput,
  Role,
  ShoppingItem,
  StockEventKind,
  StockEventReason,
} from "@kim/domain";
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from "kysely";

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
/** A `date` column, read and written as yyyy-MM-dd. */
type DateOnly = string;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: Generated<string>;
  passwordResetToken: string | null;
  passwordResetExpires: Date | null;
  role: Generated<Role>;
  isPro: Generated<boolean>;
  isBetaTester: Generated<boolean>;
  plan: Generated<Plan>;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** Stripe's status as received, so not only the domain's SubscriptionStatus values (incomplete, unpaid, ...). */
  subscriptionStatus: string | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  /** When the subscription was first seen past_due; null in any other status. */
  pastDueSince: Date | null;
  /** When the local trial's "ends in 3 days" mail was queued; null until then (and for each new trial). */
  trialWarningSentAt: Date | null;
  /** When the account's one free trial started; set once, so a later checkout has no trial. */
  trialUsedAt: Date | null;
  /**
   * The open Stripe Checkout offering the trial ('' while it is being made) and when it closes: until then no other
   * checkout offers one (decision 0035).
   */
  trialCheckoutId: string | null;
  trialCheckoutUntil: Date | null;
  /** Names and email lowered, kept by PostgreSQL (a generated column): what the admin search matches. */
  searchText: GeneratedAlways<string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SessionsTable {
  sid: string;
  userId: string;
  sess: ColumnType<Record<string, unknown>, string | undefined, string>;
  expire: Date;
}

export interface IngredientsTable {
  id: Generated<string>;
  /** The household whose kitchen it is in (decision 0036). */
  householdId: string;
  /** Who added it and who last changed it; null once that person's account is deleted. */
  createdBy: string | null;
  updatedBy: string | null;
  name: string;
  quantity: Generated<number>;
  unit: Generated<string>;
  category: string;
  expirationDate: DateOnly | null;
  notes: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** Recipe fields kept as the domain's schema gives them, or null: rows older than the schema may hold null. */
type RecipeColumns = {
  [F in Exclude<RecipeField, "title" | "ingredients" | "instructions" | "tags" | "isAiExtracted">]: RecipeInput[F] | null;
};

/** One column per recipe field (the domain's RECIPE_FIELDS), typed from its schema. */
export interface RecipesTable extends RecipeColumns {
  id: Generated<string>;
  /** The household whose kitchen it is in (decision 0036). */
  householdId: string;
  /** Who added it and who last changed it; null once that person's account is deleted. */
  createdBy: string | null;
  updatedBy: string | null;
  title: RecipeInput["title"];
  ingredients: Json<RecipeInput["ingredients"]>;
  instructions: RecipeInput["instructions"];
  tags: ColumnType<RecipeInput["tags"] | null, string | null, string | null>;
  isAiExtracted: Generated<RecipeInput["isAiExtracted"]>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface MealPlansTable {
  id: Generated<string>;
  /** The household whose kitchen it is in (decision 0036). */
  householdId: string;
  /** Who added it and who last changed it; null once that person's account is deleted. */
  createdBy: string | null;
  updatedBy: string | null;
  recipeId: string | null;
  date: DateOnly;
  mealType: MealType;
  servings: Generated<number>;
  notes: string | null;
  createdAt: CreatedAt;
}

export interface ShoppingListsTable {
  id: Generated<string>;
  /** The household whose kitchen it is in (decision 0036). */
  householdId: string;
  /** Who added it and who last changed it; null once that person's account is deleted. */
  createdBy: string | null;
  updatedBy: string | null;
  name: Generated<string>;
  items: ColumnType<ShoppingItem[], string | undefined, string>;
  /** Bumped by each save; a save based on an older version is refused (see the shopping-list-version migration). */
  version: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface BugReportsTable {
  id: Generated<string>;
  userId: string;
  title: string;
  description: string;
  priority: Generated<string>;
  status: Generated<string>;
  adminNotes: string | null;
  /** The page the report was sent from and the browser's user agent, as the web sent them. */
  pageUrl: string | null;
  userAgent: string | null;
  /** Sent by a cook with Pro access: triaged first. */
  prioritySupport: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One admin action: who, what, on whom (emails as they were then), the fields before and after. */
export interface AdminAuditTable {
  id: Generated<string>;
  actorId: string;
  actorEmail: string;
  action: string;
  targetUserId: string | null;
  targetEmail: string | null;
  bugReportId: string | null;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  createdAt: CreatedAt;
}

export interface ExtractionFeedbackTable {
  id: Generated<string>;
  recipeId: string;
  userId: string;
  originalExtraction: Json<unknown>;
  userCorrections: Json<unknown>;
  sourceType: string;
  sourceUrl: string | null;
  createdAt: CreatedAt;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attempts: Generated<number>;
  nextAttemptAt: Generated<Date>;
  lastError: string | null;
  sentAt: Date | null;
  /** Past this, an unsent mail is dropped instead of sent late; null for mail that is worth sending whenever. */
  sendBy: Date | null;
  createdAt: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: Date;
}

export interface BarcodeProductsTable {
  code: string;
  found: boolean;
  name: string | null;
  category: string | null;
  brand: string | null;
  fetchedAt: Generated<Date>;
  expiresAt: Date;
}

export interface KnownDevicesTable {
  tokenHash: string;
  userId: string;
  lastUsedAt: Generated<Date>;
}

/** One row per household and list; the version is bumped on every change to that list, so cached reads can tell they're current. */
export interface ListVersionsTable {
  householdId: string;
  list: string;
  version: number;
  /** The household's rows in the list, kept by the same trigger as the version (the quotas read it). */
  rowCount: Generated<number>;
}

/** What became of an item of stock, recorded when it happened: thrown away after its date, or used up. */
export interface StockEventsTable {
  id: Generated<string>;
  householdId: string;
  /** Who did it; null once that person's account is deleted. */
  createdBy: string | null;
  /** The item it happened to; kept when the item is deleted, so not a foreign key. */
  ingredientId: string | null;
  name: string;
  category: string;
  /** On its cook's date as the server knew it; Insights judges an item with a date again on its reader's date. */
  kind: StockEventKind;
  reason: StockEventReason;
  expirationDate: DateOnly | null;
  occurredAt: Generated<Date>;
}

/** One row per user who changed a setting: the opt-in expiry mail, their time zone, the local date it last went out. */
export interface UserSettingsTable {
  userId: string;
  expiryMail: Generated<boolean>;
  /** The browser's IANA time zone name ("Europe/Paris"); null until the browser has told it. */
  timeZone: string | null;
  expiryMailSentOn: DateOnly | null;
  updatedAt: Generated<Date>;
}

/**
 * A kitchen shared by its members. `homeOf` is the person who comes back to it when no one is in it: whoever left it
 * behind last; null once the person it was made for has left it to others.
 */
export interface HouseholdsTable {
  id: Generated<string>;
  homeOf: string | null;
  createdAt: CreatedAt;
}

/** Each person's one household, as its owner or a member. */
export interface HouseholdMembersTable {
  userId: string;
  householdId: string;
  role: HouseholdRole;
  joinedAt: Generated<Date>;
}

/** A mailed invitation: only the token's hash is kept; 7 days, single use. */
export interface HouseholdInvitesTable {
  id: Generated<string>;
  householdId: string;
  email: string;
  tokenHash: string;
  invitedBy: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  usedBy: string | null;
  createdAt: CreatedAt;
}

export interface Database {
  households: HouseholdsTable;
  householdMembers: HouseholdMembersTable;
  householdInvites: HouseholdInvitesTable;
  users: UsersTable;
  sessions: SessionsTable;
  ingredients: IngredientsTable;
  recipes: RecipesTable;
  mealPlans: MealPlansTable;
  shoppingLists: ShoppingListsTable;
  bugReports: BugReportsTable;
  extractionFeedback: ExtractionFeedbackTable;
  emailOutbox: EmailOutboxTable;
  rateLimits: RateLimitsTable;
  barcodeProducts: BarcodeProductsTable;
  listVersions: ListVersionsTable;
  knownDevices: KnownDevicesTable;
  stripeEvents: StripeEventsTable;
  stockEvents: StockEventsTable;
  userSettings: UserSettingsTable;
  adminAudit: AdminAuditTable;
  idempotencyKeys: IdempotencyKeysTable;
  recipeImages: RecipeImagesTable;
  collectionImports: CollectionImportsTable;
}

/**
 * The first answer to a create or stock change sent with an Idempotency-Key: a retry with the same key and request
 * gets it back; the same key with another request is refused. Kept a day (housekeeping prunes older rows).
 */
export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  /** SHA-256 of the procedure and its input, to tell a retry from another request reusing the key. */
  fingerprint: string;
  /** The first answer, as the client received it. */
  answer: Json<unknown>;
  createdAt: Generated<Date>;
}

/** A recipe's own photo, kept from an imported collection (decision 0039). */
export interface RecipeImagesTable {
  recipeId: string;
  contentType: string;
  bytes: Uint8Array;
  /** Whether its pixels were bounded and its metadata left out (decision 0048): photos kept before were not. */
  checked: Generated<boolean>;
  /** The copy its cards are sent (at most 1,280 px, upright, WebP, no metadata); null until made (decision 0048). */
  displayBytes: Uint8Array | null;
  displayType: string | null;
  /** When the photo was kept: its address carries it, so a replaced photo is not read from a browser's cache. */
  keptAt: Generated<Date>;
}

/** A collection import under its idempotency key: progress while it runs, then its summary (decision 0039). */
export interface CollectionImportsTable {
  id: Generated<string>;
  userId: string;
  idempotencyKey: string;
  /** SHA-256 of the procedure and its `duplicates` choice, to tell a retry from another request reusing the key. */
  fingerprint: string | null;
  status: Generated<"reading" | "saving" | "done">;
  total: Generated<number>;
  done: Generated<number>;
  summary: Json<unknown> | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

/** Stripe events already applied, by id: a repeat or a second process's copy finds its id here and does nothing. */
export interface StripeEventsTable {
  id: string;
  type: string;
  processedAt: Generated<Date>;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
