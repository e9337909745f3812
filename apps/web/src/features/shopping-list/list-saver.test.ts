import { describe, expect, it, vi } from "vitest";
import type { ShoppingItem } from "@kim/domain";
import { createListSaver, SAVE_ATTEMPTS, type OfflineStore } from "./list-saver";
import { changeOf, setChecked, type ItemsChange } from "./shopping-items";

interface List {
  id: string;
  items: ShoppingItem[];
  version: number;
}

const item = (name: string, checked = false): ShoppingItem => ({ name, quantity: 1, unit: "units", checked });
const add =
  (name: string): ItemsChange =>
  (items) => [...items, item(name)];
const check =
  (name: string): ItemsChange =>
  (items) =>
    items.map((i) => (i.name === name ? { ...i, checked: true } : i));
const names = (list: List | undefined) => list?.items.map((i) => `${i.name}${i.checked ? " [x]" : ""}`);

class Conflict extends Error {}
class Refused extends Error {}

interface Server {
  readonly list: List | null;
  change(change: ItemsChange): void;
}

/**
 * The server's list, saved only at its version like the API does; `onSave` can change it first, as another tab would;
 * `hang` holds every save unanswered, as a network does just before the page goes.
 */
function newServer(initial: ShoppingItem[] | null) {
  let list: List | null = initial && { id: "l1", items: initial, version: 1 };
  return {
    saves: 0,
    failNext: false,
    hang: false,
    onSave: null as null | (() => void),
    get list() {
      return list;
    },
    load: async () => (list ??= { id: "l1", items: [], version: 1 }),
    async save(base: List, items: ShoppingItem[]) {
      this.saves++;
      this.onSave?.();
      if (this.hang) await new Promise(() => {});
      if (this.failNext) {
        this.failNext = false;
        throw new Error("offline");
      }
      if (!list || base.version !== list.version) throw new Conflict();
      list = { ...list, items, version: list.version + 1 };
      return list;
    },
    /** Another tab's save. */
    change(change: ItemsChange) {
      list = { ...list!, items: change(list!.items), version: list!.version + 1 };
    },
  };
}

/** A page showing the server's list, with its saver. */
function openPage(server: ReturnType<typeof newServer>, offline?: (server: Server) => OfflineStore<List>) {
  let screen: List | undefined = server.list ?? undefined;
  const saver = createListSaver<List>({
    shown: () => screen,
    load: () => server.load(),
    save: (base, items) => server.save(base, items),
    show: (next) => (screen = next),
    isConflict: (error) => error instanceof Conflict,
    offline: offline?.(server),
  });
  return { server, saver, screen: () => screen };
}

const fakeServer = (initial: ShoppingItem[] | null, offline?: (server: Server) => OfflineStore<List>) =>
  openPage(newServer(initial), offline);

describe("createListSaver", () => {
  it("shows a change at once and keeps the server's answer", async () => {
    const { server, saver, screen } = fakeServer([item("Milk")]);
    const saved = saver.apply(check("Milk"));
    expect(names(screen())).toEqual(["Milk [x]"]);
    await saved;
    expect(screen()).toEqual(server.list);
    expect(server.list?.version).toBe(2);
  });

  it("saves quick changes in turn, each on the version before it: no conflict with itself", async () => {
    const { server, saver, screen } = fakeServer([item("Milk"), item("Eggs")]);
    const all = Promise.all([saver.apply(check("Milk")), saver.apply(check("Eggs")), saver.apply(add("Flour"))]);
    expect(names(screen())).toEqual(["Milk [x]", "Eggs [x]", "Flour"]);
    await all;
    expect(server.saves).toBe(3);
    expect(names(server.list!)).toEqual(["Milk [x]", "Eggs [x]", "Flour"]);
    expect(screen()).toEqual(server.list);
  });

  it("applies a change again to the newer list after a conflict, keeping the other tab's change", async () => {
    const { server, saver, screen } = fakeServer([item("Milk")]);
    server.change(add("Sugar"));
    await saver.apply(check("Milk"));
    expect(names(server.list!)).toEqual(["Milk [x]", "Sugar"]);
    expect(screen()).toEqual(server.list);
  });

  it("after a conflict, checks the item the other tab re-counted, and refuses (and says) a check of one it removed", async () => {
    const { server, saver, screen } = fakeServer([item("Milk"), item("Eggs")]);
    const entry = (index: number) => ({ index, item: server.list!.items[index]! });
    const [milk, eggs] = [entry(0), entry(1)];
    server.change(([first, ...rest]) => [{ ...first!, quantity: 2 }, ...rest]);
    await saver.apply(setChecked(milk, true));
    expect(server.list!.items).toEqual([{ ...item("Milk", true), quantity: 2 }, item("Eggs")]);
    server.change((items) => [items[0]!, item("Sugar")]);
    const saves = server.saves;
    await expect(saver.apply(setChecked(eggs, true))).rejects.toThrow("Eggs was not checked off");
    // The one save that met the conflict; none after it.
    expect(server.saves).toBe(saves + 1);
    expect(names(screen())).toEqual(["Milk [x]", "Sugar"]);
  });

  it("gives up after a few conflicts in a row and takes the change off the screen", async () => {
    const { server, saver, screen } = fakeServer([item("Milk")]);
    server.onSave = () => server.change(add("Sugar"));
    await expect(saver.apply(check("Milk"))).rejects.toBeInstanceOf(Conflict);
    expect(server.saves).toBe(SAVE_ATTEMPTS);
    expect(names(screen())?.[0]).toBe("Milk");
  });

  it("takes a failed change off the screen and still saves the ones after it", async () => {
    const { server, saver, screen } = fakeServer([item("Milk"), item("Eggs")]);
    server.failNext = true;
    const first = saver.apply(check("Milk"));
    const second = saver.apply(check("Eggs"));
    await expect(first).rejects.toThrow("offline");
    await second;
    expect(names(server.list!)).toEqual(["Milk", "Eggs [x]"]);
    expect(names(screen())).toEqual(["Milk", "Eggs [x]"]);
  });

  it("creates the list when there is none", async () => {
    const { server, saver, screen } = fakeServer(null);
    expect(screen()).toBeUndefined();
    await saver.apply(add("Milk"));
    expect(names(server.list!)).toEqual(["Milk"]);
    expect(names(screen())).toEqual(["Milk"]);
  });

  describe("offline", () => {
    /**
     * A device store in memory (list-outbox.ts keeps it in IndexedDB): `network` cuts or gives back the network. Each
     * page's store knows the changes it is saving itself, which wait only for the pages after it.
     */
    function device() {
      const kept: { id: number; change: ItemsChange }[] = [];
      let lastId = 0;
      /** `failNext`: the next send fails online with it (a dropped answer, a refusal). */
      const state = { online: true, sends: 0, failNext: undefined as Error | undefined };
      const forget = (id: number) => {
        const i = kept.findIndex((k) => k.id === id);
        if (i >= 0) kept.splice(i, 1);
      };
      const store = (server: Server): OfflineStore<List> => {
        const saving = new Set<number>();
        const waiting = () => kept.filter((k) => !saving.has(k.id));
        return {
          isOffline: () => !state.online,
          isRefused: (error) => error instanceof Refused,
          keep: async (change) => {
            if (!change.op) return undefined;
            const id = ++lastId;
            kept.push({ id, change });
            saving.add(id);
            return { answered: async () => forget(id), waits: async () => void saving.delete(id) };
          },
          held: async () => waiting().map((k) => k.change),
          send: async () => {
            if (!state.online) throw new Error("offline");
            const failure = state.failNext;
            state.failNext = undefined;
            if (failure) throw failure;
            const sending = waiting();
            if (sending.length === 0) return undefined;
            state.sends++;
            server.change((items) => sending.reduce((all, k) => k.change(all), items));
            sending.forEach((k) => forget(k.id));
            return server.list!;
          },
          discard: async () => waiting().forEach((k) => forget(k.id)),
        };
      };
      return { kept, state, store };
    }
    const checkOp = (name: string) => changeOf({ kind: "check", entry: { index: 0, item: item(name) }, checked: true });
    const addOp = (name: string) => changeOf({ kind: "add", item: { name, quantity: 1, unit: "units" } });

    it("keeps a change made offline on the device and on screen, and sends the kept ones once when back", async () => {
      const phone = device();
      const { server, saver, screen } = fakeServer([item("Milk")], phone.store);
      phone.state.online = false;
      server.failNext = true;
      const shown = await saver.apply(checkOp("Milk"));
      expect(names(shown)).toEqual(["Milk [x]"]);
      phone.state.online = false;
      await saver.apply(addOp("Butter")).catch(() => undefined);
      expect(phone.kept).toHaveLength(2);
      expect(names(screen())).toEqual(["Milk [x]", "Butter"]);
      // The other phone changed the list meanwhile.
      server.change(add("Cheese"));

      phone.state.online = true;
      await saver.resume();
      await saver.resume();
      expect(phone.state.sends).toBe(1);
      expect(phone.kept).toHaveLength(0);
      expect(names(server.list!)).toEqual(["Milk [x]", "Cheese", "Butter"]);
      expect(names(screen())).toEqual(["Milk [x]", "Cheese", "Butter"]);
    });

    it("keeps the kept changes when a send online gets no answer, sends them on the next try, and forgets refused ones", async () => {
      const phone = device();
      const { server, saver, screen } = fakeServer([item("Milk")], phone.store);
      phone.state.online = false;
      server.failNext = true;
      await saver.apply(checkOp("Milk"));
      await saver.apply(addOp("Butter"));

      // Back online, the first try's answer is lost (the network not quite back).
      phone.state.online = true;
      phone.state.failNext = new TypeError("Failed to fetch");
      await expect(saver.resume()).rejects.toThrow("Failed to fetch");
      expect(phone.kept).toHaveLength(2);
      expect(names(screen())).toEqual(["Milk [x]", "Butter"]);
      await saver.resume();
      expect(names(server.list!)).toEqual(["Milk [x]", "Butter"]);
      expect(phone.kept).toHaveLength(0);

      // Refused for good: forgotten, and taken off the screen.
      phone.state.online = false;
      server.failNext = true;
      await saver.apply(addOp("Cheese"));
      phone.state.online = true;
      phone.state.failNext = new Refused("Too many items");
      await expect(saver.resume()).rejects.toThrow("Too many items");
      expect(phone.kept).toHaveLength(0);
      expect(names(screen())).toEqual(["Milk [x]", "Butter"]);
    });

    it("keeps each change on the device until its save is answered: a page gone first leaves them to the next", async () => {
      const phone = device();
      const server = newServer([item("Milk"), item("Eggs")]);
      const first = openPage(server, phone.store);
      // One save under way and one behind it when the tab closes.
      server.hang = true;
      void first.saver.apply(checkOp("Milk"));
      void first.saver.apply(checkOp("Eggs"));
      await vi.waitFor(() => expect(phone.kept).toHaveLength(2));

      server.hang = false;
      const next = openPage(server, phone.store);
      await next.saver.resume();
      expect(names(server.list!)).toEqual(["Milk [x]", "Eggs [x]"]);
      expect(names(next.screen())).toEqual(["Milk [x]", "Eggs [x]"]);
      expect(phone.kept).toHaveLength(0);
    });

    it("forgets a change once its save is answered, saved or refused", async () => {
      const phone = device();
      const { server, saver } = fakeServer([item("Milk")], phone.store);
      await saver.apply(checkOp("Milk"));
      expect(phone.kept).toHaveLength(0);
      server.onSave = () => server.change(add("Sugar"));
      await expect(saver.apply(addOp("Butter"))).rejects.toBeInstanceOf(Conflict);
      expect(phone.kept).toHaveLength(0);
    });

    it("fails a change that carries no op (generating needs the network) even offline", async () => {
      const phone = device();
      const { server, saver, screen } = fakeServer([item("Milk")], phone.store);
      phone.state.online = false;
      server.failNext = true;
      await expect(saver.apply(add("Flour"))).rejects.toThrow("offline");
      expect(phone.kept).toHaveLength(0);
      expect(names(screen())).toEqual(["Milk"]);
    });
  });
});
