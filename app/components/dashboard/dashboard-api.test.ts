import { afterEach, describe, expect, it, vi } from "vitest";
import { callDashboardApi } from "./dashboard-api";

// What the dashboard shows, with JavaScript, for each kind of answer of its API.

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(response: Response | Error) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
  );
}

const upload = () => new Request("http://localhost/api/upload/profile-photo", { method: "POST" });
const remove = () => new Request("http://localhost/api/upload/profile-photo", { method: "DELETE" });

describe("the dashboard's API calls", () => {
  it("read a success", async () => {
    answering(Response.json({ success: true, photo: "/photos/a/b.webp", message: "…", code: "updated" }));
    expect(await callDashboardApi("photo-upload", upload())).toEqual({
      intent: "photo-upload",
      ok: true,
      code: "updated",
    });
    answering(Response.json({ success: true }));
    expect(await callDashboardApi("measure-delete", remove())).toEqual({
      intent: "measure-delete",
      ok: true,
      code: "measureDeleted",
    });
  });

  it("show the server's own reason", async () => {
    answering(Response.json({ success: false, message: "…", code: "tooLarge" }, { status: 413 }));
    expect(await callDashboardApi("photo-upload", upload())).toMatchObject({ ok: false, code: "tooLarge" });
    answering(Response.json({ message: "Non connecté." }, { status: 401 }));
    expect(await callDashboardApi("photo-delete", remove())).toMatchObject({ ok: false, code: "notSignedIn" });
  });

  it("fall back to the spec's texts for an answer without a reason, and for no answer at all", async () => {
    answering(new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await callDashboardApi("photo-upload", upload())).toMatchObject({ ok: false, code: "uploadFailed" });
    answering(new TypeError("Failed to fetch"));
    expect(await callDashboardApi("photo-upload", upload())).toMatchObject({ ok: false, code: "uploadPhotoFailed" });
    answering(new Response("", { status: 500 }));
    expect(await callDashboardApi("photo-delete", remove())).toMatchObject({ ok: false, code: "deleteFailed" });
    answering(new TypeError("Failed to fetch"));
    expect(await callDashboardApi("photo-delete", remove())).toMatchObject({ ok: false, code: "deletePhotoFailed" });
    answering(Response.json({ message: "Entrée d'historique introuvable." }, { status: 404 }));
    expect(await callDashboardApi("measure-delete", remove())).toMatchObject({
      ok: false,
      code: "measureDeleteFailed",
    });
  });
});
