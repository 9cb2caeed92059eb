import { describe, expect, it, vi } from "vitest";
import { type LoadingModule, loadOnDemand } from "./load-on-demand";

describe("loadOnDemand", () => {
  it("imports once and answers the same promise to every caller", async () => {
    const importModule = vi.fn(async () => ({ View: "view" }));
    const load = loadOnDemand(importModule);
    expect(importModule).not.toHaveBeenCalled();
    const first = load();
    expect(load()).toBe(first);
    await first;
    expect(load()).toBe(first);
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it("marks the promise fulfilled with its module once it has arrived, for React's use()", async () => {
    const load = loadOnDemand(async () => ({ View: "view" }));
    const loading: LoadingModule<{ View: string }> = load();
    expect(loading.status).toBeUndefined();
    await loading;
    expect(loading.status).toBe("fulfilled");
    expect(loading.value).toEqual({ View: "view" });
  });

  it("tries again on the next call after a failed load", async () => {
    const importModule = vi
      .fn<() => Promise<{ View: string }>>()
      .mockRejectedValueOnce(new Error("network down"))
      .mockResolvedValueOnce({ View: "view" });
    const load = loadOnDemand(importModule);
    const failed: LoadingModule<{ View: string }> = load();
    await expect(failed).rejects.toThrow("network down");
    expect(failed.status).toBeUndefined();
    const retried = load();
    expect(retried).not.toBe(failed);
    await expect(retried).resolves.toEqual({ View: "view" });
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
