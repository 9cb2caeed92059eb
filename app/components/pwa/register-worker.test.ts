import { afterEach, describe, expect, it, vi } from "vitest";
import { SKIP_WAITING_MESSAGE } from "~/pwa/addresses";
import { registerWorker } from "./register-worker";

/** A service worker container as the page sees it, with the registration its register() gives. */
function browserWith(registration: unknown, controller: unknown = {}) {
  const listeners = new Map<string, () => void>();
  const container = {
    controller,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    register: vi.fn(() => Promise.resolve(registration)),
  };
  vi.stubGlobal("navigator", { serviceWorker: container });
  vi.stubGlobal("window", { setInterval: vi.fn(), location: { reload: vi.fn() } });
  return { container, listeners };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("registerWorker", () => {
  it("offers the update a waiting worker brings, and 'Recharger' tells it to take over", async () => {
    const waiting = { postMessage: vi.fn(), addEventListener: vi.fn() };
    const { container } = browserWith({ waiting, installing: null, addEventListener: vi.fn(), update: vi.fn() });
    const offers: (() => void)[] = [];
    registerWorker((apply) => offers.push(apply));
    await vi.waitFor(() => expect(offers).toHaveLength(1));
    expect(container.register).toHaveBeenCalledWith("/sw.js");
    offers[0]!();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING_MESSAGE });
  });

  it("offers nothing on a first visit (no controller yet): the first worker is no update", async () => {
    const waiting = { postMessage: vi.fn(), addEventListener: vi.fn() };
    browserWith({ waiting, installing: null, addEventListener: vi.fn(), update: vi.fn() }, null);
    const offer = vi.fn();
    registerWorker(offer);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(offer).not.toHaveBeenCalled();
  });

  it("a register() that gives no registration (a stubbed API) is taken as refused, without an error", async () => {
    const { container } = browserWith(undefined);
    const offer = vi.fn();
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on("unhandledRejection", onError);
    try {
      registerWorker(offer);
      await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off("unhandledRejection", onError);
    }
    expect(errors).toEqual([]);
    expect(offer).not.toHaveBeenCalled();
  });
});
