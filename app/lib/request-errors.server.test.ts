import { data, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientFault, logRequestError } from "./request-errors.server";

afterEach(() => {
  vi.restoreAllMocks();
});

const post = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${path}`, { method: "POST", headers });

/** What React Router hands to handleError for a post to a page without an action. */
const noActionError = () =>
  new ErrorResponseImpl(405, "Method Not Allowed", new Error('You made a POST request to "/mentions-legales"'), true);

describe("logRequestError", () => {
  it("writes one line for a post to a page that has no action", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    logRequestError(noActionError(), post("/mentions-legales"));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe("405 POST /mentions-legales: Method Not Allowed");
    expect(error).not.toHaveBeenCalled();
  });

  it("writes one line for a cross-site post React Router refused", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    logRequestError(new Error("Bad Request"), post("/contact.data", { Origin: "https://evil.example" }));
    logRequestError(new Error("origin invalid"), post("/contact", { Origin: "null" }));
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      "400 POST /contact.data: cross-origin post refused",
      "400 POST /contact: cross-origin post refused",
    ]);
  });

  it("prints the stack of a real server fault", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fault = new Error("database gone");
    logRequestError(fault, post("/contact", { Origin: "http://localhost:3000" }));
    expect(error).toHaveBeenCalledWith(fault);
    expect(clientFault(data(null, { status: 503 }), post("/"))).toBeNull();
  });

  it("says nothing about a request its client abandoned", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    logRequestError(new Error("aborted"), new Request("http://localhost:3000/", { signal: controller.signal }));
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
