import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { readSoFar } from "./live";

// tRPC's query keys: the procedure's path, then its input and type.
const key = (path: string[]) => [path, { type: "query" }];

describe("readSoFar", () => {
  it("answers the live kinds' queries read or being read, not those never read nor other procedures", async () => {
    const client = new QueryClient();
    client.setQueryData(key(["shoppingLists", "list"]), []);
    client.setQueryData(key(["recipes", "get"]), { id: "r1" });
    client.setQueryData(key(["auth", "user"]), { id: "u1" });
    client.getQueryCache().build(client, { queryKey: key(["inventory", "list"]) });
    let answer = (_: unknown) => {};
    const reading = client.fetchQuery({
      queryKey: key(["mealPlans", "list"]),
      queryFn: () => new Promise((resolve) => (answer = resolve)),
    });

    const paths = [...readSoFar(client)].map((query) => (query.queryKey[0] as string[]).join("."));
    expect(paths.sort()).toEqual(["mealPlans.list", "recipes.get", "shoppingLists.list"]);
    answer([]);
    await reading;
  });
});
