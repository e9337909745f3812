import { createKimClient } from "@kim/api/client";

// Signs in as a user and prints who that is. Run: pnpm exec tsx examples/whoami.ts (from apps/api)
export async function whoami(url: string, email: string, password: string): Promise<string> {
  const kim = await createKimClient({ url, email, password });
  const user = await kim.auth.user.query();
  return `${user.email} (${user.isAdmin ? "admin" : "user"}, Pro access: ${user.hasProAccess})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { KIM_URL = "http://localhost:3000", KIM_EMAIL = "", KIM_PASSWORD = "" } = process.env;
  console.log(await whoami(KIM_URL, KIM_EMAIL, KIM_PASSWORD));
}
