import { describe, expect, it } from "vitest";
import { mongoDatabaseName, mongoUrlProblem } from "./connection-string.ts";

describe("mongoDatabaseName", () => {
  it.each([
    ["mongodb://localhost:27017/dynami", "dynami"],
    ["mongodb://localhost/dynami?replicaSet=rs0", "dynami"],
    ["mongodb://u:p%2Fw@a.example:27017,b.example:27017/dyn-ami_2?authSource=admin", "dyn-ami_2"],
    ["mongodb+srv://cluster0.example.net/dynami", "dynami"],
    ["mongodb://localhost/caf%C3%A9", "café"],
  ])("reads the database of %s", (url, name) => {
    expect(mongoDatabaseName(url)).toBe(name);
  });

  it.each([
    "mongodb://localhost",
    "mongodb://localhost:27017/",
    "mongodb://localhost/?replicaSet=rs0",
    "mongodb://localhost?replicaSet=rs0",
    "mongodb://localhost/%E0%A4%A",
    "sqlite:./data/app.db",
  ])("finds none in %s", (url) => {
    expect(mongoDatabaseName(url)).toBeNull();
  });
});

describe("mongoUrlProblem", () => {
  it("accepts a named database", () => {
    expect(mongoUrlProblem("mongodb://localhost:27017/dynami")).toBeNull();
  });

  it("shows the expected form when the name is missing", () => {
    expect(mongoUrlProblem("mongodb://localhost:27017")).toBe(
      "the database name is missing: use the form mongodb://host:27017/dynami",
    );
  });

  it.each(["mongodb://h/a.b", "mongodb://h/a%20b", "mongodb://h/a$b", `mongodb://h/${"x".repeat(64)}`])(
    "refuses the name in %s",
    (url) => {
      expect(mongoUrlProblem(url)).toMatch(/is not a valid MongoDB database name/);
    },
  );
});
