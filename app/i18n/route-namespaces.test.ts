import { describe, expect, it } from "vitest";
import { namespacesByPattern, namespacesOfHandle, namespacesOfHandles } from "./route-namespaces.ts";

const routes = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/imc": { id: "routes/imc", parentId: "root", path: "imc" },
  "routes/calorie": { id: "routes/calorie", parentId: "root", path: "calorie" },
  "routes/exo": { id: "routes/exo", parentId: "root", path: "exo" },
  "routes/admin": { id: "routes/admin", parentId: "root", path: "admin" },
  "routes/admin.users": { id: "routes/admin.users", parentId: "routes/admin", path: "users/:id" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};
const handles: Record<string, unknown> = {
  root: { i18n: ["common", "consent", "account"] },
  "routes/imc": { i18n: ["tools"] },
  "routes/calorie": { i18n: "tools" },
  "routes/exo": { i18n: ["workout", "mail"] },
  "routes/admin": { i18n: ["admin"] },
  "routes/admin.users": { i18n: ["admin", "account"] },
};

describe("route namespaces", () => {
  it("reads handle.i18n as a list or a single name, and nothing else", () => {
    expect(namespacesOfHandle({ i18n: ["a", "b"] })).toEqual(["a", "b"]);
    expect(namespacesOfHandle({ i18n: "a" })).toEqual(["a"]);
    expect(namespacesOfHandle({ i18n: [1, "a"] })).toEqual(["a"]);
    expect(namespacesOfHandle(undefined)).toEqual([]);
    expect(namespacesOfHandle({ title: "x" })).toEqual([]);
    expect(namespacesOfHandles([{ i18n: ["a"] }, { i18n: ["b", "a"] }])).toEqual(["a", "b"]);
  });

  it("maps React Router's route patterns to what a page adds to the root's namespaces", () => {
    const byPattern = namespacesByPattern(
      routes,
      (id) => handles[id],
      (namespace) => namespace !== "mail",
    );
    expect(byPattern).toEqual({
      imc: ["tools"],
      calorie: ["tools"],
      // A new page declares its namespaces and is served without anything else to change.
      exo: ["workout"],
      admin: ["admin"],
      "admin/users/:id": ["admin"],
    });
  });
});
