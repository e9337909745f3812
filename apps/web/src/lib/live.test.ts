import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { followChanges, readSoFar } from "./live";

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

/** The list, read through an observer as a screen reads it; each read answers when the test says. */
function shownList(client: QueryClient) {
  const answers: ((items: string[]) => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey: key(["shoppingLists", "list"]),
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
});
