import { describe, expect, it } from "vitest";
import { keepBothWidths, openPage, toast, uniqueEmail, useBrowser } from "./browser";
import { addIngredients, postmarkMails, signInAs } from "./fixtures";

useBrowser();

describe("households", () => {
  it("invites by a mailed link; the invitee joins with a new account and shares the kitchen", async () => {
    const owner = await openPage();
    const ann = await signInAs(owner, { firstName: "Ann" });
    await addIngredients(ann.userId, [{ name: "Flour", quantity: 2, unit: "kg", category: "Pantry" }]);
    await owner.goto("/profile");
    await owner.getByRole("heading", { name: "Household" }).waitFor();
    await owner.getByText("Ann (you)").waitFor();

    // Keyboard only: the invite field, then Enter.
    const bob = uniqueEmail("bob");
    const field = owner.getByLabel("Invite by email", { exact: true });
    await field.focus();
    await owner.keyboard.type(bob);
    await owner.keyboard.press("Enter");
    await toast(owner, "Invitation sent");
    await owner.getByText(`${bob}, until`).waitFor();
    // Its date reads as the app's other dates do ("Dec 14, 2026"); the field asks for someone else's address.
    expect(await owner.getByText(`${bob}, until`).innerText()).toMatch(/, until [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await field.getAttribute("placeholder")).toBe("name@example.com");
    await keepBothWidths(owner, "household-profile-invited");

    // The invitation went out through Postmark's client, to the stand-in, with the welcome screen's link.
    const [mail] = await postmarkMails(bob);
    expect(mail!.subject).toBe("Ann invites you to share their kitchen on Kim");
    const link = new URL(/https?:\/\/\S+\/household\/join\?token=\S+/.exec(mail!.text)![0]);

    const invitee = await openPage();
    await invitee.goto(`${link.pathname}${link.search}`);
    await invitee.getByRole("heading", { name: "Join a household" }).waitFor();
    await invitee.getByText(`Ann invites ${bob}`).waitFor();
    await keepBothWidths(invitee, "household-welcome");
    // The new account's fields are signup's: names, the invitation's email (not to be changed), password with its
    // rule, and the password again.
    const labels = await invitee.locator("form label").allInnerTexts();
    expect(labels).toEqual(["First name", "Last name", "Email", "Password", "Confirm password"]);
    expect(await invitee.getByLabel("Email").inputValue()).toBe(bob);
    expect(await invitee.getByLabel("Email").getAttribute("readonly")).not.toBeNull();
    await invitee.getByText("Must be at least 8 characters").waitFor();
    await invitee.getByLabel("First name").fill("Bob");
    await invitee.getByLabel("Password", { exact: true }).fill("bob's first password");
    await invitee.getByLabel("Confirm password").fill("bob's first passwort");
    await invitee.getByRole("button", { name: "Create account and join" }).click();
    await invitee.getByText("Passwords don't match").waitFor();
    await invitee.getByLabel("Confirm password").fill("bob's first password");
    await invitee.getByRole("button", { name: "Create account and join" }).click();
    await toast(invitee, "Welcome to the household");
    await invitee.waitForURL("**/inventory");
    await invitee.getByText("Flour").first().waitFor();
    await invitee.getByText("by Ann").first().waitFor();
    await keepBothWidths(invitee, "household-shared-inventory");
    // The invitation, now used, gave way to the kitchen: Back does not lead to it.
    await invitee.goBack();
    expect(invitee.url()).not.toContain("/household/join");

    // The link works once.
    const again = await openPage();
    await again.goto(`${link.pathname}${link.search}`);
    await again.getByText("This invitation has already been used.").waitFor();

    await owner.reload();
    await owner.getByText(bob).first().waitFor();
    expect(await owner.getByRole("button", { name: "Remove" }).count()).toBe(1);
    await keepBothWidths(owner, "household-profile-members");

    // Removed while his inventory is open, Bob is told, and sees his own kitchen (empty), not Ann's.
    await invitee.goto("/inventory");
    await invitee.getByText("Flour").first().waitFor();
    await owner.getByRole("button", { name: "Remove" }).click();
    await owner.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await owner.getByRole("alertdialog").waitFor({ state: "detached" });
    // Bob's row and its button are gone: the focus stays in the household card, not on the page.
    await owner.getByText(bob).waitFor({ state: "detached" });
    await expect
      .poll(() => owner.evaluate(() => !!document.activeElement?.closest("[data-slot=card]")?.textContent?.includes("Household")))
      .toBe(true);
    await toast(invitee, "Your household changed");
    await invitee.getByText("No ingredients found").waitFor();
  });

  it("lets the owner cancel an open invitation beside it; its link then says it is not valid", async () => {
    const owner = await openPage();
    await signInAs(owner, { firstName: "Ann" });
    await owner.goto("/profile");
    await owner.getByText("Ann (you)").waitFor();
    const cy = uniqueEmail("cy");
    await owner.getByLabel("Invite by email", { exact: true }).fill(cy);
    await owner.getByRole("button", { name: "Invite" }).click();
    await toast(owner, "Invitation sent");
    await owner.getByText(`${cy}, until`).waitFor();
    await keepBothWidths(owner, "household-profile-invite-cancel");
    const [mail] = await postmarkMails(cy);
    const link = new URL(/https?:\/\/\S+\/household\/join\?token=\S+/.exec(mail!.text)![0]);

    await owner.getByRole("button", { name: `Cancel the invitation to ${cy}` }).click();
    await toast(owner, "Invitation cancelled");
    await owner.getByText(`${cy}, until`).waitFor({ state: "detached" });
    const invitee = await openPage();
    await invitee.goto(`${link.pathname}${link.search}`);
    await invitee.getByText("This invitation link is not valid.").waitFor();
  });

  it("labels the invite box apart from the account's own Email, for people and screen readers", async () => {
    const owner = await openPage();
    await signInAs(owner, { firstName: "Ann" });
    await owner.goto("/profile");
    await owner.getByText("Ann (you)").waitFor();
    const invite = owner.getByLabel("Invite by email", { exact: true });
    expect(await invite.getAttribute("name")).toBe("invite-email");
    // The spec's Personal Information field keeps its "Email"; it is the only field so named.
    expect(await owner.getByLabel("Email", { exact: true }).count()).toBe(1);
    expect(await owner.getByLabel("Email", { exact: true }).getAttribute("name")).toBe("email");
    // Someone else's address: the browser does not offer the owner's own.
    expect(await invite.getAttribute("autocomplete")).toBe("off");
  });
});
