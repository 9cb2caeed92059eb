import { describe, expect, it } from "vitest";
import { PRODUCT_NAME, pageTitle } from "./page-title.ts";

describe("pageTitle", () => {
  it("appends the product name after a vertical bar", () => {
    expect(pageTitle("Calculateur d'IMC")).toBe("Calculateur d'IMC | Dynami");
  });
  it("uses the bare product name without a title", () => {
    expect(pageTitle()).toBe(PRODUCT_NAME);
    expect(pageTitle("")).toBe("Dynami");
    expect(pageTitle("   ")).toBe("Dynami");
  });
});
