import { describe, expect, it } from "vitest";
import { toolTabFrom } from "./tool-tabs.tsx";

describe("toolTabFrom", () => {
  it("opens the calorie tab on ?onglet=calories and IMC otherwise", () => {
    expect(toolTabFrom("calories")).toBe("calories");
    expect(toolTabFrom("imc")).toBe("imc");
    expect(toolTabFrom(null)).toBe("imc");
    expect(toolTabFrom("CALORIES")).toBe("imc");
    expect(toolTabFrom("<script>")).toBe("imc");
  });
});
