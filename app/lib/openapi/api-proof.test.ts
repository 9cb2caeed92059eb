import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLoadContext } from "~/context.server";
import { bodyLimitFor, bodyTooLargeMessage, type BodyLimitHandle } from "~/lib/body-limits";
import routes from "~/routes";
import { hashPassword } from "~/services/auth/passwords.server";
import { startSession } from "~/services/auth/session.server";
import { NewsletterSender } from "~/services/newsletter-sender.server";
import { unsubscribeTokenFor } from "~/services/newsletter-unsubscribe.server";
import { multipartRequest, smallPng, TEXT_NAMED_JPG } from "~/testing/images";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import { saveFinishedSession } from "~/testing/workouts";
import { buildApiDocument, type OpenApiOperation } from "./document";

// The proof that the API description is true: every documented answer of
// every call (success and each refusal) is provoked on the app, through the
// root middleware as the server runs it, and its status, headers and body
// are checked against the document with ajv. A documented answer with no
// scenario here fails, and so does an answer the document does not know.

// Password hashing can be made busy (503) on demand, as when its queue is full.
const hashing = vi.hoisted(() => ({ busy: false }));
vi.mock("~/services/auth/passwords.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/services/auth/passwords.server")>();
  const whenFree =
    <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) =>
    (...args: Args) =>
      hashing.busy ? Promise.reject(new real.HashingBusyError()) : run(...args);
  return {
    ...real,
    hashPassword: whenFree(real.hashPassword),
    verifyPassword: whenFree(real.verifyPassword),
    verifyAgainstDummy: whenFree(real.verifyAgainstDummy),
  };
});

const document = buildApiDocument();
const app = freshTestAppPerTest();
const ORIGIN = "http://localhost:3000";
const PASSWORD = "motdepasse-123";
const UNKNOWN_ID = "0123456789abcdef01234567";

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: "openapi", components: document.components });

// ------------------------------------------------------------ the app, as the server runs it

const apiRoutes = routes
  .filter((route) => route.path?.startsWith("api/"))
  .map((route) => ({
    file: path.resolve(import.meta.dirname, "../..", route.file),
    parameters: (route.path!.match(/:|\*/g) ?? []).length,
    pattern: new RegExp(`^/${route.path!.replace(/:([A-Za-z]+)/g, "(?<$1>[^/]+)").replace("*", ".*")}$`),
  }));

interface Call {
  method: string;
  path: string;
  json?: unknown;
  raw?: { body: string | Uint8Array; contentType: string };
  request?: Request;
  headers?: Record<string, string>;
  clientAddress?: string;
}

/**
 * Sends a call to the route app/routes.ts maps its path to, after the HTTP
 * server's own gate (app/server/main.ts): a body over its limit is refused
 * there with 413 { message }, or handed to a route that answers it itself.
 */
async function send(call: Call): Promise<Response> {
  const url = new URL(call.path, ORIGIN);
  // As React Router ranks them: a static segment before a parameter.
  const route = apiRoutes
    .filter((candidate) => candidate.pattern.test(url.pathname))
    .toSorted((a, b) => a.parameters - b.parameters)[0]!;
  const module = (await import(route.file)) as {
    loader?: unknown;
    action?: unknown;
    handle?: BodyLimitHandle;
  };
  const headers = new Headers(call.headers);
  let body: string | Uint8Array | undefined;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers.set("Content-Type", "application/json");
  } else if (call.raw) {
    body = call.raw.body;
    headers.set("Content-Type", call.raw.contentType);
  }
  const request =
    call.request ?? new Request(url, { method: call.method, headers, body: body as BodyInit | undefined });
  const size = body === undefined ? 0 : typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  const limit = bodyLimitFor(request.headers.get("Content-Type"), module.handle?.bodyLimitBytes);
  const tooLarge = size > limit;
  if (tooLarge && !module.handle?.answersTooLargeBody) {
    return Response.json({ message: bodyTooLargeMessage(limit) }, { status: 413 });
  }
  const context = createLoadContext(app.services, {
    nonce: "",
    clientAddress: call.clientAddress ?? "127.0.0.1",
    refusedBodyLimit: tooLarge ? limit : null,
    refusedBodyAnsweredByRoute: tooLarge,
  });
  const handler = call.method === "GET" ? module.loader : module.action;
  const params = url.pathname.match(route.pattern)!.groups ?? {};
  const sent = tooLarge ? new Request(url, { method: call.method, headers: request.headers }) : request;
  return callRoute(handler as never, sent, { context, params });
}

// ------------------------------------------------------------ people and things

let people = 0;

/** A verified account (its pseudo made unique) and a signed-in session of it. */
async function member(name: string, role: "user" | "admin" = "user") {
  people += 1;
  const pseudo = `${name}${people}`;
  const user = await app.services.store.users.create({
    pseudo,
    email: `${pseudo}@example.test`,
    passwordHash: await hashPassword(PASSWORD),
    emailVerifiedAt: new Date(),
    role,
  });
  const { token } = await startSession(app.context(), user.id, { remember: false });
  return { user, token, auth: { Authorization: `Bearer ${token}` } };
}

const linkToken = (page: string) => {
  const mail = app.mails.at(-1)!;
  return decodeURIComponent(new RegExp(`/${page}\\?token=([\\w%-]+)`).exec(mail.text)![1]!);
};

const sessionPayload = (overrides: Record<string, unknown> = {}) => ({
  name: "Jambes",
  startedAt: new Date(Date.now() - 3_600_000).toISOString(),
  endedAt: new Date(Date.now() - 60_000).toISOString(),
  entries: [{ exerciseId: "squat", name: "Squat", mode: "muscu", sets: [{ reps: 10, weightKg: 40 }] }],
  ...overrides,
});

const newsletterBody = {
  title: "Nouveautés",
  subject: "Les nouveautés",
  content: "<p>Bonjour</p>",
  scheduledDate: "2030-05-01T09:30:00+02:00",
  status: "draft",
};

async function review(authorToken: string) {
  const created = await send({
    method: "POST",
    path: "/api/reviews/users",
    json: { rating: 5, comment: "Des séances claires." },
    headers: { Authorization: `Bearer ${authorToken}` },
  });
  return ((await created.json()) as { review: { _id: string } }).review._id;
}

async function repeatUntil(status: number, call: () => Promise<Response>, tries = 200): Promise<Response> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const response = await call();
    if (response.status === status) return response;
  }
  throw new Error(`never answered ${status}`);
}

async function whileHashingIsBusy(call: () => Promise<Response>): Promise<Response> {
  hashing.busy = true;
  try {
    return await call();
  } finally {
    hashing.busy = false;
  }
}

// ------------------------------------------------------------ scenarios

type Scenario = () => Promise<Response>;

/** Scenarios by "operationId status"; each provokes that answer. Several may prove one status. */
const scenarios: Record<string, Scenario[]> = {};
function prove(key: string, ...run: Scenario[]) {
  (scenarios[key] ??= []).push(...run);
}

const operations = Object.entries(document.paths).flatMap(([pathName, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ pathName, method: method.toUpperCase(), operation })),
);

/** A path with its parameters filled. */
const concrete = (pathName: string, id = UNKNOWN_ID) => pathName.replace(/\{[^}]+\}/g, id);

/**
 * Calls that look their item up before reading the body, so that a body sent
 * to another user's item tells nothing: there a broken body to an unknown id
 * is a 404, and their own scenarios prove the 400.
 */
const ITEM_BEFORE_BODY = new Set(["updateRoutine"]);

// The statuses every call of a kind answers (document.ts, commonAnswers).
for (const { pathName, method, operation } of operations) {
  const key = (status: number) => `${operation.operationId} ${status}`;
  const responses = operation.responses;
  const jsonBody = operation.requestBody?.content["application/json"] !== undefined;
  const tagged = (headers: Record<string, string> = {}) => ({ method, path: concrete(pathName), headers });
  const signedIn = (operation.security?.length ?? 0) > 0;
  if (signedIn) prove(key(401), () => send(tagged()));
  if (signedIn && responses["403"]?.description.includes("admin")) {
    prove(key(403), async () => send(tagged((await member("simple")).auth)));
  }
  if (operation["x-origin-rule"]) {
    prove(key(403), () => send(tagged({ Origin: "https://ailleurs.example" })));
  }
  const limit = operation["x-body-limit-bytes"];
  if (limit && responses["413"] && jsonBody) {
    prove(key(413), async () => {
      const admin = await member("chef", "admin");
      return send({ ...tagged(admin.auth), raw: { body: "x".repeat(limit + 1), contentType: "application/json" } });
    });
  }
  if (jsonBody && responses["400"] && !ITEM_BEFORE_BODY.has(operation.operationId)) {
    prove(key(400), async () => {
      const admin = await member("chef", "admin");
      return send({ ...tagged(admin.auth), raw: { body: "{", contentType: "application/json" } });
    });
  }
}

// Account
prove("login 200", async () => {
  const { user } = await member("lea");
  return send({ method: "POST", path: "/api/login", json: { identifier: user.pseudo, password: PASSWORD } });
});
prove("login 400", () =>
  send({ method: "POST", path: "/api/login", json: { identifier: { $gt: "" }, password: "x" } }),
);
prove("login 401", () =>
  send({ method: "POST", path: "/api/login", json: { identifier: "personne", password: "mauvais-mot-de-passe" } }),
);
prove("login 403", async () => {
  await app.services.store.users.create({
    pseudo: "nouveau",
    email: "nouveau@example.test",
    passwordHash: await hashPassword(PASSWORD),
  });
  return send({ method: "POST", path: "/api/login", json: { identifier: "nouveau", password: PASSWORD } });
});
prove("login 429", async () => {
  const { user } = await member("lea");
  return repeatUntil(429, () =>
    send({ method: "POST", path: "/api/login", json: { identifier: user.pseudo, password: "mauvais-mot" } }),
  );
});
prove("login 503", async () => {
  const { user } = await member("lea");
  return whileHashingIsBusy(() =>
    send({ method: "POST", path: "/api/login", json: { identifier: user.pseudo, password: PASSWORD } }),
  );
});

const registration = (pseudo = "nouvelle", email = "nouvelle@example.test") => ({
  method: "POST",
  path: "/api/register",
  json: { email, motdepasse: PASSWORD, pseudo, captchaToken: null },
});
prove("register 201", () => send(registration()));
prove("register 400", () =>
  send({ ...registration(), json: { email: "pas-une-adresse", motdepasse: PASSWORD, pseudo: "x" } }),
);
prove("register 409", async () => send(registration((await member("prise")).user.pseudo)));
prove("register 429", () => repeatUntil(429, () => send(registration("quelquun", "meme@example.test")), 20));
prove("register 503", () => whileHashingIsBusy(() => send(registration())));

prove("forgotPassword 200", () =>
  send({ method: "POST", path: "/api/forgot-password", json: { email: "a@example.test" } }),
);
prove("forgotPassword 400", () => send({ method: "POST", path: "/api/forgot-password", json: { email: "non" } }));
prove("forgotPassword 429", () =>
  repeatUntil(429, () => send({ method: "POST", path: "/api/forgot-password", json: { email: "a@example.test" } }), 20),
);

async function resetToken() {
  const { user } = await member("lea");
  await send({ method: "POST", path: "/api/forgot-password", json: { email: user.email } });
  return linkToken("reset-password");
}
prove("resetPassword 200", async () =>
  send({
    method: "POST",
    path: "/api/reset-password",
    json: { token: await resetToken(), password: "nouveau-secret-9" },
  }),
);
prove("resetPassword 400", () =>
  send({ method: "POST", path: "/api/reset-password", json: { token: "inconnu", password: "nouveau-secret-9" } }),
);
prove("resetPassword 503", async () => {
  const token = await resetToken();
  return whileHashingIsBusy(() =>
    send({ method: "POST", path: "/api/reset-password", json: { token, password: "nouveau-secret-9" } }),
  );
});

const resend = (email: string) => ({ method: "POST", path: "/api/resend-verification", json: { email } });
prove("resendVerification 200", () => send(resend("a@example.test")));
prove("resendVerification 400", () => send(resend("non")));
prove("resendVerification 429", () => repeatUntil(429, () => send(resend("a@example.test")), 20));

prove("verifyEmail 200", async () => {
  await send(registration());
  return send({ method: "GET", path: `/api/verify-email?token=${linkToken("verify-email")}` });
});
prove("verifyEmail 400", () => send({ method: "GET", path: "/api/verify-email" }));

prove("logout 200", async () => send({ method: "POST", path: "/api/logout", headers: (await member("lea")).auth }));

// My account
prove("getMe 200", async () => send({ method: "GET", path: "/api/me", headers: (await member("lea")).auth }));
const meCall = async (method: string, pathName: string, json?: unknown) => ({
  method,
  path: pathName,
  json,
  headers: (await member("lea")).auth,
});
prove("deleteMe 200", async () => send(await meCall("DELETE", "/api/me", { password: PASSWORD })));
prove("deleteMe 400", async () => send(await meCall("DELETE", "/api/me", { password: 12 })));
prove("deleteMe 403", async () => send(await meCall("DELETE", "/api/me", { password: "mauvais" })));
prove("deleteMe 429", async () => {
  const call = await meCall("DELETE", "/api/me", { password: "mauvais" });
  return repeatUntil(429, () => send(call), 10);
});
prove("deleteMe 503", async () => {
  const call = await meCall("DELETE", "/api/me", { password: PASSWORD });
  return whileHashingIsBusy(() => send(call));
});
const passwordChange = (currentPassword: string) => ({
  currentPassword,
  newPassword: "nouveau-secret-9",
  confirmation: "nouveau-secret-9",
});
prove("changePassword 200", async () => send(await meCall("POST", "/api/me/password", passwordChange(PASSWORD))));
prove("changePassword 400", async () =>
  send(await meCall("POST", "/api/me/password", { ...passwordChange(PASSWORD), newPassword: "court" })),
);
prove("changePassword 403", async () => send(await meCall("POST", "/api/me/password", passwordChange("mauvais"))));
prove("changePassword 429", async () => {
  const call = await meCall("POST", "/api/me/password", passwordChange("mauvais"));
  return repeatUntil(429, () => send(call), 10);
});
prove("changePassword 503", async () => {
  const call = await meCall("POST", "/api/me/password", passwordChange(PASSWORD));
  return whileHashingIsBusy(() => send(call));
});
const emailChange = (password: string, email = "autre@example.test") => ({ password, email });
prove("changeEmail 202", async () => send(await meCall("POST", "/api/me/email", emailChange(PASSWORD))));
prove("changeEmail 400", async () => send(await meCall("POST", "/api/me/email", emailChange(PASSWORD, "non"))));
prove("changeEmail 403", async () => send(await meCall("POST", "/api/me/email", emailChange("mauvais"))));
prove("changeEmail 429", async () => {
  const call = await meCall("POST", "/api/me/email", emailChange("mauvais"));
  return repeatUntil(429, () => send(call), 10);
});
prove("changeEmail 503", async () => {
  const call = await meCall("POST", "/api/me/email", emailChange(PASSWORD));
  return whileHashingIsBusy(() => send(call));
});
prove("cancelEmailChange 200", async () => send(await meCall("DELETE", "/api/me/email")));
prove("logoutEverywhere 200", async () => send(await meCall("POST", "/api/me/logout-all")));
prove("getNewsletterState 200", async () => send(await meCall("GET", "/api/me/newsletter")));
prove("setNewsletterSubscription 200", async () =>
  send(await meCall("POST", "/api/me/newsletter", { subscribed: true })),
);
prove("setNewsletterSubscription 400", async () =>
  send(await meCall("POST", "/api/me/newsletter", { subscribed: "oui" })),
);
prove(
  "exportMyData 200",
  async () => send(await meCall("GET", "/api/me/export")),
  async () => send(await meCall("GET", "/api/me/export?format=history-csv")),
);
prove("exportMyData 400", async () => send(await meCall("GET", "/api/me/export?format=pdf")));
prove("exportMyData 429", async () => {
  const call = await meCall("GET", "/api/me/export");
  return repeatUntil(429, () => send(call), 20);
});

// History
const imc = { action: "IMC_CALC", meta: { poids: 70, taille: 175 } };
prove("listHistory 200", async () => {
  const lea = await member("lea");
  for (let index = 0; index < 2; index += 1) {
    await send({ method: "POST", path: "/api/history", json: imc, headers: lea.auth });
  }
  // A full page carries the Link header.
  return send({ method: "GET", path: "/api/history?limit=2", headers: lea.auth });
});
prove("listHistory 400", async () => send(await meCall("GET", "/api/history?limit=0")));
prove("saveCalculation 201", async () => send(await meCall("POST", "/api/history", imc)));
prove("saveCalculation 400", async () => send(await meCall("POST", "/api/history", { action: "AUTRE", meta: {} })));
prove("saveCalculation 429", async () => {
  const call = await meCall("POST", "/api/history", imc);
  return repeatUntil(429, () => send(call), 120);
});
prove("deleteCalculation 200", async () => {
  const lea = await member("lea");
  const saved = await send({ method: "POST", path: "/api/history", json: imc, headers: lea.auth });
  const { _id } = (await saved.json()) as { _id: string };
  return send({ method: "DELETE", path: `/api/history/${_id}`, headers: lea.auth });
});
prove("deleteCalculation 404", async () => send(await meCall("DELETE", `/api/history/${UNKNOWN_ID}`)));
prove("historySummary 200", async () => {
  const lea = await member("lea");
  await saveFinishedSession(app.services.store, lea.user.id, { endedAt: new Date() });
  return send({ method: "GET", path: "/api/history/summary", headers: lea.auth });
});

// Workouts
prove(
  "listWorkoutSessions 200",
  async () => {
    const lea = await member("lea");
    await saveFinishedSession(app.services.store, lea.user.id, { endedAt: new Date() });
    return send({ method: "GET", path: "/api/workouts/sessions?limit=1", headers: lea.auth });
  },
  async () => send(await meCall("GET", "/api/workouts/sessions?points=week")),
);
prove("listWorkoutSessions 400", async () => send(await meCall("GET", "/api/workouts/sessions?points=month")));
prove("saveWorkoutSession 201", async () => send(await meCall("POST", "/api/workouts/sessions", sessionPayload())));
prove("saveWorkoutSession 200", async () => {
  const call = await meCall("POST", "/api/workouts/sessions", sessionPayload({ idempotencyKey: "fin-de-seance-1" }));
  await send(call);
  return send(call);
});
prove(
  "saveWorkoutSession 400",
  async () => send(await meCall("POST", "/api/workouts/sessions", sessionPayload({ entries: [] }))),
  async () => {
    const call = await meCall("POST", "/api/workouts/sessions", sessionPayload());
    return send({ ...call, headers: { ...call.headers, "Idempotency-Key": "court" } });
  },
);
prove("deleteWorkoutSession 200", async () => {
  const lea = await member("lea");
  const saved = await send({
    method: "POST",
    path: "/api/workouts/sessions",
    json: sessionPayload(),
    headers: lea.auth,
  });
  const { id } = (await saved.json()) as { id: string };
  return send({ method: "DELETE", path: `/api/workouts/sessions/${id}`, headers: lea.auth });
});
prove("deleteWorkoutSession 404", async () => send(await meCall("DELETE", `/api/workouts/sessions/${UNKNOWN_ID}`)));

// Routines
const routineBody = (name = "Haut du corps") => ({
  name,
  exercises: [
    { exerciseId: "dumbbell-bench-press", mode: "muscu", targets: [{ reps: 10, weightKg: 20 }] },
    { exerciseId: "running", mode: "cardio", targets: [{ durationSec: 600 }] },
  ],
});
async function routineOf(auth: Record<string, string>) {
  const created = await send({ method: "POST", path: "/api/routines", json: routineBody(), headers: auth });
  return ((await created.json()) as { routine: { id: string } }).routine.id;
}
prove("listRoutines 200", async () => {
  const lea = await member("lea");
  await routineOf(lea.auth);
  return send({ method: "GET", path: "/api/routines", headers: lea.auth });
});
prove("createRoutine 201", async () => send(await meCall("POST", "/api/routines", routineBody())));
prove(
  "createRoutine 400",
  async () => send(await meCall("POST", "/api/routines", { ...routineBody(), exercises: [] })),
  async () => send(await meCall("POST", "/api/routines", routineBody("x".repeat(81)))),
);
prove("getRoutine 200", async () => {
  const lea = await member("lea");
  return send({ method: "GET", path: `/api/routines/${await routineOf(lea.auth)}`, headers: lea.auth });
});
prove("getRoutine 404", async () => {
  // Another user's routine answers as a missing one.
  const max = await member("max");
  return send(await meCall("GET", `/api/routines/${await routineOf(max.auth)}`));
});
prove("updateRoutine 200", async () => {
  const lea = await member("lea");
  const id = await routineOf(lea.auth);
  return send({ method: "PUT", path: `/api/routines/${id}`, json: routineBody("Haut du corps B"), headers: lea.auth });
});
prove("updateRoutine 400", async () => {
  const lea = await member("lea");
  const id = await routineOf(lea.auth);
  return send({ method: "PUT", path: `/api/routines/${id}`, json: routineBody("x".repeat(81)), headers: lea.auth });
});
prove("updateRoutine 404", async () => send(await meCall("PUT", `/api/routines/${UNKNOWN_ID}`, routineBody())));
prove("deleteRoutine 204", async () => {
  const lea = await member("lea");
  return send({ method: "DELETE", path: `/api/routines/${await routineOf(lea.auth)}`, headers: lea.auth });
});
prove("deleteRoutine 404", async () => send(await meCall("DELETE", `/api/routines/${UNKNOWN_ID}`)));

// A lifter's memory
const LOGGED_EXERCISE = "dumbbell-bench-press";
const benchSession = (weightKg: number, daysAgo: number) =>
  sessionPayload({
    startedAt: new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000).toISOString(),
    endedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    idempotencyKey: crypto.randomUUID(),
    entries: [
      { exerciseId: LOGGED_EXERCISE, name: "Développé couché haltères", mode: "muscu", sets: [{ reps: 8, weightKg }] },
    ],
  });
prove("exerciseHistory 200", async () => {
  const lea = await member("lea");
  for (const [weightKg, daysAgo] of [
    [20, 2],
    [22.5, 1],
  ] as const) {
    await send({
      method: "POST",
      path: "/api/workouts/sessions",
      json: benchSession(weightKg, daysAgo),
      headers: lea.auth,
    });
  }
  // A full page carries the Link header.
  return send({ method: "GET", path: `/api/exercises/${LOGGED_EXERCISE}/history?limit=1`, headers: lea.auth });
});
prove("exerciseHistory 400", async () =>
  send(await meCall("GET", `/api/exercises/${LOGGED_EXERCISE}/history?limit=0`)),
);
prove("exerciseHistory 404", async () => send(await meCall("GET", "/api/exercises/pas-un-exercice/history")));
prove("listRecords 200", async () => {
  const lea = await member("lea");
  await send({ method: "POST", path: "/api/workouts/sessions", json: benchSession(20, 1), headers: lea.auth });
  return send({ method: "GET", path: "/api/records", headers: lea.auth });
});
prove("saveWorkoutSession 429", async () => {
  const lea = await member("lea");
  return repeatUntil(
    429,
    () =>
      send({
        method: "POST",
        path: "/api/workouts/sessions",
        json: sessionPayload({ idempotencyKey: crypto.randomUUID() }),
        headers: lea.auth,
      }),
    80,
  );
});

// Profile photo
const photoUpload = async (bytes: Uint8Array, headers: Record<string, string>) =>
  send({
    method: "POST",
    path: "/api/upload/profile-photo",
    request: multipartRequest(
      "/api/upload/profile-photo",
      { name: "p.png", type: "image/png", bytes },
      {},
      { headers },
    ),
  });
prove("uploadProfilePhoto 200", async () => photoUpload(await smallPng(), (await member("lea")).auth));
prove("uploadProfilePhoto 400", async () => photoUpload(new Uint8Array(), (await member("lea")).auth));
prove("uploadProfilePhoto 413", async () =>
  send({
    method: "POST",
    path: "/api/upload/profile-photo",
    raw: { body: new Uint8Array(6 * 1024 * 1024), contentType: "multipart/form-data; boundary=x" },
    headers: (await member("lea")).auth,
  }),
);
prove("uploadProfilePhoto 415", async () => photoUpload(TEXT_NAMED_JPG, (await member("lea")).auth));
prove("deleteProfilePhoto 200", async () => send(await meCall("DELETE", "/api/upload/profile-photo")));

// Reviews
prove("listReviews 200", () => send({ method: "GET", path: "/api/reviews/users" }));
prove("submitReview 201", async () =>
  send(await meCall("POST", "/api/reviews/users", { rating: 4, comment: "Très bien fait." })),
);
prove("submitReview 400", async () => send(await meCall("POST", "/api/reviews/users", { rating: 9, comment: "" })));
prove("submitReview 429", async () => {
  const call = await meCall("POST", "/api/reviews/users", { rating: 4, comment: "Très bien fait." });
  return repeatUntil(429, () => send(call), 10);
});
prove("listReviewsForModeration 200", async () => {
  await review((await member("lea")).token);
  return send({ method: "GET", path: "/api/reviews/users/all", headers: (await member("chef", "admin")).auth });
});
prove("approveReview 200", async () => {
  const id = await review((await member("lea")).token);
  return send({
    method: "PUT",
    path: `/api/reviews/users/${id}/approve`,
    headers: (await member("chef", "admin")).auth,
  });
});
prove("approveReview 404", async () =>
  send({
    method: "PUT",
    path: `/api/reviews/users/${UNKNOWN_ID}/approve`,
    headers: (await member("chef", "admin")).auth,
  }),
);
prove("deleteReview 200", async () => {
  const id = await review((await member("lea")).token);
  return send({ method: "DELETE", path: `/api/reviews/users/${id}`, headers: (await member("chef", "admin")).auth });
});
prove("deleteReview 404", async () =>
  send({ method: "DELETE", path: `/api/reviews/users/${UNKNOWN_ID}`, headers: (await member("chef", "admin")).auth }),
);

// Newsletter
const subscribe = (email: string) => ({
  method: "POST",
  path: "/api/newsletter/subscribe",
  json: { email, captchaToken: null },
});
prove("subscribeToNewsletter 200", () => send(subscribe("lecteur@example.test")));
prove("subscribeToNewsletter 400", () => send(subscribe("non")));
prove("subscribeToNewsletter 429", () => repeatUntil(429, () => send(subscribe("lecteur@example.test")), 20));
prove(
  "unsubscribeFromNewsletter 200",
  async () => {
    const { subscriber } = await app.services.store.newsletterSubscribers.subscribe({
      email: "lecteur@example.test",
      locale: "fr",
      confirmTokenHash: "x".repeat(64),
      confirmWithAccount: false,
    });
    const token = unsubscribeTokenFor(app.services.config.sessionSecret, subscriber.id);
    return send({
      method: "POST",
      path: `/api/newsletter/unsubscribe?token=${token}`,
      raw: { body: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded" },
    });
  },
  () => send({ method: "POST", path: "/api/newsletter/unsubscribe", json: { token: "deja-utilise" } }),
);
prove("unsubscribeFromNewsletter 400", () => send({ method: "POST", path: "/api/newsletter/unsubscribe" }));

const admin = async () => (await member("chef", "admin")).auth;
async function newsletter(headers: Record<string, string>) {
  const created = await send({ method: "POST", path: "/api/newsletter-admin", json: newsletterBody, headers });
  return ((await created.json()) as { newsletter: { _id: string } }).newsletter._id;
}
async function sentNewsletter() {
  const { store } = app.services;
  const sent = await store.newsletters.create({
    title: "Envoyée",
    subject: "S",
    content: "<p>C</p>",
    scheduledAt: new Date(Date.now() - 1000),
    status: "scheduled",
  });
  const secret = app.services.config.sessionSecret;
  await new NewsletterSender({ store, mailer: app.services.mailer, appUrl: ORIGIN, secret }).sendDue();
  return sent.id;
}
prove("listNewsletters 200", async () => {
  const headers = await admin();
  await newsletter(headers);
  return send({ method: "GET", path: "/api/newsletter-admin", headers });
});
prove("createNewsletter 201", async () =>
  send({ method: "POST", path: "/api/newsletter-admin", json: newsletterBody, headers: await admin() }),
);
prove("createNewsletter 400", async () =>
  send({
    method: "POST",
    path: "/api/newsletter-admin",
    json: { ...newsletterBody, title: "" },
    headers: await admin(),
  }),
);
prove("getNewsletter 200", async () => {
  const headers = await admin();
  return send({ method: "GET", path: `/api/newsletter-admin/${await newsletter(headers)}`, headers });
});
prove("getNewsletter 404", async () =>
  send({ method: "GET", path: `/api/newsletter-admin/${UNKNOWN_ID}`, headers: await admin() }),
);
prove("updateNewsletter 200", async () => {
  const headers = await admin();
  const id = await newsletter(headers);
  return send({
    method: "PUT",
    path: `/api/newsletter-admin/${id}`,
    json: { ...newsletterBody, title: "Autre" },
    headers,
  });
});
prove("updateNewsletter 400", async () => {
  const headers = await admin();
  const id = await newsletter(headers);
  return send({
    method: "PUT",
    path: `/api/newsletter-admin/${id}`,
    json: { ...newsletterBody, status: "sent" },
    headers,
  });
});
prove("updateNewsletter 404", async () =>
  send({ method: "PUT", path: `/api/newsletter-admin/${UNKNOWN_ID}`, json: newsletterBody, headers: await admin() }),
);
prove("updateNewsletter 409", async () => {
  const headers = await admin();
  const id = await sentNewsletter();
  return send({ method: "PUT", path: `/api/newsletter-admin/${id}`, json: newsletterBody, headers });
});
prove("deleteNewsletter 200", async () => {
  const headers = await admin();
  return send({ method: "DELETE", path: `/api/newsletter-admin/${await newsletter(headers)}`, headers });
});
prove("deleteNewsletter 404", async () =>
  send({ method: "DELETE", path: `/api/newsletter-admin/${UNKNOWN_ID}`, headers: await admin() }),
);
prove("deleteNewsletter 409", async () => {
  const headers = await admin();
  return send({ method: "DELETE", path: `/api/newsletter-admin/${await sentNewsletter()}`, headers });
});

// Contact
const contact = {
  nom: "Léa",
  email: "lea@example.test",
  sujet: "Question",
  message: "Bonjour, une question.",
  consent: true,
  captchaToken: null,
};
prove("sendContactMessage 201", () => send({ method: "POST", path: "/api/contact", json: contact }));
prove("sendContactMessage 400", () =>
  send({ method: "POST", path: "/api/contact", json: { ...contact, consent: false } }),
);
prove("sendContactMessage 429", () =>
  repeatUntil(429, () => send({ method: "POST", path: "/api/contact", json: contact }), 10),
);
prove("sendContactMessage 500", async () => {
  app.services.store.contactMessages.add = () => Promise.reject(new Error("disque plein"));
  return send({ method: "POST", path: "/api/contact", json: contact });
});

// This document
prove("getApiDescription 200", () => send({ method: "GET", path: "/api/openapi.json" }));

/** Answers proven elsewhere, with where. */
const provenElsewhere: Record<string, string> = {
  // An HTML page rendered by the whole app: tests/e2e/api-docs.spec.ts reads it on the built server.
  "getApiDocs 200": "tests/e2e/api-docs.spec.ts",
};

// ------------------------------------------------------------ checks

function checkAgainstDocument(operation: OpenApiOperation, response: Response, body: unknown, label: string) {
  const documented = operation.responses[String(response.status)];
  expect(documented, `${label}: status ${response.status} is not documented (${JSON.stringify(body)})`).toBeDefined();
  for (const [name, header] of Object.entries(documented!.headers ?? {})) {
    const value = response.headers.get(name);
    if (header.required) expect(value, `${label}: header ${name}`).not.toBeNull();
    if (value !== null && typeof header.schema.pattern === "string") {
      expect(value, `${label}: header ${name}`).toMatch(new RegExp(header.schema.pattern));
    }
    if (value !== null && header.schema.type === "integer") expect(value, `${label}: ${name}`).toMatch(/^\d+$/);
  }
  const contentType = (response.headers.get("Content-Type") ?? "").split(";")[0]!;
  // An answer documented without a body (204) has none.
  if (documented!.content === undefined) {
    expect(body, `${label}: a body the document does not describe`).toBe("");
    return;
  }
  const media = documented!.content[contentType];
  expect(media, `${label}: media type ${contentType} is not documented`).toBeDefined();
  if (contentType === "application/json") {
    const validate = ajv.compile({ $ref: "openapi#", ...rewriteToOpenapi(media!.schema) });
    expect(
      validate(body),
      `${label}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 400)}`,
    ).toBe(true);
  }
}

/** The document's refs (#/components/…) point into the schema added as "openapi". */
function rewriteToOpenapi(schema: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/');
  const { $ref, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return $ref ? { ...rest, allOf: [{ $ref }] } : rest;
}

describe("every documented answer, provoked on the app and checked against the description", () => {
  afterEach(() => {
    hashing.busy = false;
  });
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => vi.restoreAllMocks());

  const cases = operations.flatMap(({ method, pathName, operation }) =>
    Object.keys(operation.responses).map((status) => ({
      label: `${method} ${pathName} ${status}`,
      key: `${operation.operationId} ${status}`,
      operation,
    })),
  );

  it.each(cases)("$label", async ({ key, operation, label }) => {
    if (provenElsewhere[key]) return;
    const runs = scenarios[key];
    expect(runs, `no scenario provokes ${key}: add one`).toBeDefined();
    for (const run of runs!) {
      const response = await run();
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // A download (CSV) is text.
      }
      expect(response.status, `${label}: ${text.slice(0, 300)}`).toBe(Number(key.split(" ")[1]));
      checkAgainstDocument(operation, response, body, label);
    }
  });

  it("has no scenario for an answer the document does not list", () => {
    const documented = new Set(cases.map((entry) => entry.key));
    expect(Object.keys(scenarios).filter((key) => !documented.has(key))).toEqual([]);
  });

  it("answers 405 to every method a described path does not list", async () => {
    for (const [pathName, methods] of Object.entries(document.paths)) {
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        if (methods[method.toLowerCase()]) continue;
        if (pathName === "/api/docs") continue; // a page: its other methods are the app's, not the API's
        const response = await send({ method, path: concrete(pathName) });
        expect(response.status, `${method} ${pathName}`).toBe(405);
      }
    }
  });
});
