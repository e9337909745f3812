import { z } from "zod";
import { emailSchema } from "../accounts/auth";
import { MAX_SHOPPING_ITEMS } from "../planner/planner-input";
import { QUOTAS, type QuotaName } from "../shared/quotas";
import { storableText } from "../shared/text";

/** Decision 0036: the people who cook in one kitchen share it; each keeps their own account, plan and Pro access. */
export const HOUSEHOLD_ROLES = ["owner", "member"] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** At most this many people in one household, counting the owner and invitations still open. */
export const HOUSEHOLD_MAX_MEMBERS = 12;
/** How long a mailed invitation stays open. */
export const HOUSEHOLD_INVITE_DAYS = 7;
/** Open invitations a household may hold at once, so one owner can't use Kim to mail strangers in bulk. */
export const HOUSEHOLD_MAX_OPEN_INVITES = HOUSEHOLD_MAX_MEMBERS;

export const HOUSEHOLD_TEXTS = {
  full: `A household holds at most ${HOUSEHOLD_MAX_MEMBERS} people.`,
  ownerOnly: "Only the household's owner can do that.",
  inviteExpired: "This invitation has expired. Ask for a new one.",
  inviteUsed: "This invitation has already been used.",
  inviteUnknown: "This invitation link is not valid.",
  otherAddress: "This invitation was sent to another email address: sign in with the account it was sent to.",
  alreadyMember: "You are already in this household.",
  alreadyInvited: "That person is already in the household.",
  leaveFirst: "You share a household with others: leave it before joining another.",
  ownerLeaves: "Hand the household over to another member before you leave.",
  alone: "You are the only person in this household.",
  inviteNotOpen: "That invitation is not open any more.",
  tooManyInvitesTo: "Too many invitations to this address.",
  tooManyInvites: "Too many invitations sent.",
  notMember: "That person is not in your household.",
  choose: "Choose whether to bring your kitchen into the household or leave it behind.",
  oneLeftBehind: "A kitchen you left behind already waits for you: bring this one into the household to join.",
  notInBatch: "Send a change of household in a request of its own, not in a batch with other calls.",
} as const;

/** What an account that already has a kitchen does with it on joining: bring it in, or leave it in its own household. */
export const JOIN_CHOICES = ["merge", "leave-behind"] as const;
export type JoinChoice = (typeof JOIN_CHOICES)[number];

const inviteToken = storableText("Invitation").min(1, "The invitation token is missing").max(200, "The invitation token is too long");

export const householdInviteInput = z.object({ email: emailSchema });
export const householdTokenInput = z.object({ token: inviteToken });
export const householdAcceptInput = z.object({
  token: inviteToken,
  /** Needed only when the account's own kitchen holds anything. */
  choice: z.enum(JOIN_CHOICES, { error: `Choice must be one of ${JOIN_CHOICES.join(", ")}` }).optional(),
});
export const householdLeaveInput = z.object({
  /** Take a copy of the recipes you added. */
  takeRecipes: z.boolean({ error: "takeRecipes must be true or false" }).default(false),
});
export const householdInviteIdInput = z.object({ inviteId: z.uuid({ error: "inviteId must be an invitation's id" }) });
export const householdMemberInput = z.object({ userId: z.uuid({ error: "userId must be a member's id" }) });

/** The member who takes over a household whose owner goes: the one who joined first. */
export function nextOwner<M extends { role: HouseholdRole; joinedAt: Date; userId: string }>(
  members: readonly M[],
  leaving: string,
): M | undefined {
  return members
    .filter((m) => m.userId !== leaving)
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.userId.localeCompare(b.userId))[0];
}

/** Whether a household of `members` people with `openInvites` invitations out can invite one more. */
export function canInvite(members: number, openInvites: number): boolean {
  return members + openInvites < HOUSEHOLD_MAX_MEMBERS && openInvites < HOUSEHOLD_MAX_OPEN_INVITES;
}

/** A person's name as shown beside shared things: their first name, else their email's local part. */
export function memberName(person: { firstName: string | null; lastName?: string | null; email: string }): string {
  return person.firstName?.trim() || person.email.split("@")[0]!;
}

/** The item's content, without who changed it: what tells a changed item from one kept as it was. */
function itemContent<I extends { changedBy?: string | null }>({ changedBy: _, ...content }: I): string {
  // Keys sorted at every level: a list read back from jsonb orders them otherwise than a client sends them.
  return JSON.stringify(content, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort()) : value,
  );
}

/**
 * Who changed each item of a list being saved: an item kept exactly as it was in the saved list keeps who changed it
 * last; any other (new, or changed) is `userId`'s. Kept items are matched one for one, so duplicates count right.
 */
export function stampChangedBy<I extends { changedBy?: string | null }>(saved: readonly I[], next: readonly I[], userId: string): I[] {
  const kept = new Map<string, (string | null)[]>();
  for (const item of saved) {
    const key = itemContent(item);
    kept.set(key, [...(kept.get(key) ?? []), item.changedBy ?? null]);
  }
  return next.map((item) => {
    const previous = kept.get(itemContent(item));
    return { ...item, changedBy: previous?.length ? previous.shift()! : userId };
  });
}

/** What a kitchen holds, as its limits count it: each quota's rows, and the items of its (one) shopping list. */
export interface KitchenSize {
  counts: Record<QuotaName, number>;
  listItems: number;
}

/** The limits a kitchen of this size is past, in words ("50 shopping lists"); empty when it fits. */
export function limitsPast(size: KitchenSize): string[] {
  const past = (Object.keys(QUOTAS) as QuotaName[])
    .filter((name) => size.counts[name] > QUOTAS[name].max)
    .map((name) => `${QUOTAS[name].max.toLocaleString("en-US")} ${QUOTAS[name].noun}`);
  if (size.listItems > MAX_SHOPPING_ITEMS) past.push(`${MAX_SHOPPING_ITEMS} items on its shopping list`);
  return past;
}

/** The refusal of a join that would bring a kitchen in past the household's limits, naming each. */
export function mergeRefusal(past: readonly string[]): string {
  return `Bringing your kitchen in would take the household past its limit of ${past.join(" and ")}. Delete some first, or leave your kitchen behind.`;
}

/** The refusal of a leave whose copies of recipes would take the leaver's own kitchen past its quota. */
export const takeRecipesRefusal = `Your own kitchen has no room for copies of your recipes: it would hold more than ${QUOTAS.recipes.max.toLocaleString("en-US")} recipes. Leave without taking them.`;
