import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { followChanges, noteRead, readSoFar } from "./live";

// tRPC's query keys: the procedure's path, then its input and type.
const key = (path: string[]) => [path, { type: "query" }];

/** The browser's EventSource as far as the app uses it: the test says when a stream is ready. */
class TestEventSource {
  static CLOSED = 2;
  static last: TestEventSource | undefined;
  readyState = 1;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (event: MessageEvent) => void>();
  constructor(readonly url: string) {
    TestEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = TestEventSource.CLOSED;
  }
  ready(id: string) {
    this.listeners.get("ready")?.({ lastEventId: id } as MessageEvent);
  }
}

/** A list, read through an observer as a screen reads it; each read answers when the test says. */
function shownList(client: QueryClient, path = ["shoppingLists", "list"]) {
  const answers: ((items: string[]) => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey: key(path),
    queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
  });
  const stop = observer.subscribe(() => {});
  return { answers, data: () => observer.getCurrentResult().data, stop };
}

afterEach(() => vi.unstubAllGlobals());

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

describe("followChanges", () => {
  it("reads again, once it has answered, a list whose read was on its way when the first stream was ready", async () => {
    vi.stubGlobal("EventSource", TestEventSource);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const list = shownList(client);
    const stop = followChanges(client);
    expect(list.answers).toHaveLength(1);

    TestEventSource.last!.ready("7.0.0.0");
    // Read before the stream's versions: another tab's save may be missing from it.
    list.answers[0]!(["Flour", "Sugar"]);
    await vi.waitFor(() => expect(list.answers).toHaveLength(2));
    list.answers[1]!(["Flour"]);
    await vi.waitFor(() => expect(list.data()).toEqual(["Flour"]));

    // A stream opened again catches up from its id: nothing is read again for it.
    TestEventSource.last!.ready("7.0.0.0");
    await Promise.resolve();
    expect(list.answers).toHaveLength(2);
    stop();
    list.stop();
  });

  // The tests below note answers' versions, which the tab keeps from then on: they run after the one above.
  it("does not read again what was read from the versions the first stream starts from, kind by kind", async () => {
    vi.stubGlobal("EventSource", TestEventSource);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const list = shownList(client);
    const recipes = shownList(client, ["recipes", "list"]);
    const stop = followChanges(client);
    noteRead("7.0.0.2");
    TestEventSource.last!.ready("7.0.0.2");
    list.answers[0]!(["Flour"]);
    recipes.answers[0]!(["Toast"]);
    await vi.waitFor(() => expect(list.data()).toEqual(["Flour"]));
    await Promise.resolve();
    expect(list.answers).toHaveLength(1);
    expect(recipes.answers).toHaveLength(1);
    stop();

    // An answer read before a list change the new stream starts after: that list is read again, the recipes not.
    const again = followChanges(client);
    void client.invalidateQueries();
    noteRead("6.0.0.2");
    TestEventSource.last!.ready("7.0.0.2");
    list.answers[1]!(["Flour"]);
    recipes.answers[1]!(["Toast"]);
    await vi.waitFor(() => expect(list.answers).toHaveLength(3));
    expect(recipes.answers).toHaveLength(2);
    list.answers[2]!(["Flour", "Milk"]);
    await vi.waitFor(() => expect(list.data()).toEqual(["Flour", "Milk"]));

    // An answer that did not say (the service worker's, offline): everything read is read again.
    again();
    const third = followChanges(client);
    void client.invalidateQueries();
    noteRead(null);
    TestEventSource.last!.ready("7.0.0.2");
    list.answers[3]!(["Flour", "Milk"]);
    recipes.answers[2]!(["Toast"]);
    await vi.waitFor(() => expect(recipes.answers).toHaveLength(4));
    third();
    list.stop();
    recipes.stop();
  });
});
