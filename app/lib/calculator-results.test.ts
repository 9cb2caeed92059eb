import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { skipReloadAfterCalculation } from "./calculator-results";

const args = (overrides: Partial<ShouldRevalidateFunctionArgs>): ShouldRevalidateFunctionArgs =>
  ({
    currentUrl: new URL("http://localhost/imc"),
    nextUrl: new URL("http://localhost/imc"),
    formMethod: "POST",
    defaultShouldRevalidate: true,
    ...overrides,
  }) as ShouldRevalidateFunctionArgs;

describe("skipReloadAfterCalculation", () => {
  it("skips the reload after a calculation posted to the page itself", () => {
    expect(skipReloadAfterCalculation(args({}))).toBe(false);
  });

  it("keeps the router's choice for a post elsewhere, a navigation, or another address", () => {
    expect(skipReloadAfterCalculation(args({ nextUrl: new URL("http://localhost/compte") }))).toBe(true);
    expect(skipReloadAfterCalculation(args({ formMethod: "GET" }))).toBe(true);
    expect(skipReloadAfterCalculation(args({ formMethod: undefined, defaultShouldRevalidate: false }))).toBe(false);
    expect(skipReloadAfterCalculation(args({ nextUrl: new URL("http://localhost/imc?lng=en") }))).toBe(true);
  });
});
