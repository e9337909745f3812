import { describe, expect, it } from "vitest";
import { retryingLoader } from "./retrying-loader";

describe("retryingLoader", () => {
  it("keeps a success: one import, and the value at hand afterwards", async () => {
    let imports = 0;
    const loader = retryingLoader(
      () => Promise.resolve(++imports),
      () => undefined,
    );
    expect(loader.current()).toBeUndefined();
    expect(await Promise.all([loader.load(), loader.load()])).toEqual([1, 1]);
    expect(await loader.load()).toBe(1);
    expect(loader.current()).toBe(1);
    expect(imports).toBe(1);
  });

  it("forgets a failure: it is reported with a retry, and the next load imports again", async () => {
    let imports = 0;
    const retries: (() => void)[] = [];
    const loader = retryingLoader(
      () => (++imports === 1 ? Promise.reject(new Error("Failed to fetch dynamically imported module")) : Promise.resolve("panel")),
      (retry) => retries.push(retry),
    );
    await expect(loader.load()).rejects.toThrow("Failed to fetch");
    expect(loader.current()).toBeUndefined();
    expect(retries).toHaveLength(1);
    retries[0]!();
    expect(await loader.load()).toBe("panel");
    expect(imports).toBe(2);
  });
});
