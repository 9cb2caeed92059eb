import { AsyncLocalStorage } from "node:async_hooks";
import type { RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { FormStrategy } from "remix-auth-form";
import type { z } from "zod";
import { getClientAddress } from "~/context.server";
import { readJsonBody } from "~/lib/http.server";
import { accountMessageText } from "~/domain/account";
import { loginBodySchema } from "~/domain/api/account-api";
import { type Failure, login, type LoginSuccess } from "./accounts.server";

// Every sign-in goes through one remix-auth Authenticator, with a strategy
// per way in: the account dialog's form ("form", remix-auth-form) and the
// JSON body of POST /api/login ("json", below). Both verify with the same
// login use case (limits, password check, session).

type Context = Readonly<RouterContextProvider>;
type Credentials = { identifier: unknown; password: unknown; remember?: unknown };

/** Thrown by the verify function when the credentials are refused; signIn turns it back into the Failure. */
class SignInRefused extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(accountMessageText(failure.message));
    this.name = "SignInRefused";
    this.failure = failure;
  }
}

// remix-auth hands strategies only the request; the request's context (the
// store, the client's address) travels alongside, as remix-auth suggests.
const signInContext = new AsyncLocalStorage<Context>();

async function verifyCredentials(credentials: Credentials): Promise<LoginSuccess> {
  const context = signInContext.getStore();
  if (!context) throw new Error("signIn() must wrap authenticator.authenticate()");
  const result = await login(context, credentials, { clientAddress: getClientAddress(context) });
  if (!result.ok) throw new SignInRefused(result);
  return result;
}

/** Credentials in a JSON body; a body that is not valid JSON of that shape is an ApiError (4xx). */
class JsonCredentialsStrategy extends Strategy<LoginSuccess, z.infer<typeof loginBodySchema>> {
  name = "json";

  async authenticate(request: Request): Promise<LoginSuccess> {
    return this.verify(await readJsonBody(request, loginBodySchema));
  }
}

export const authenticator = new Authenticator<LoginSuccess>()
  .use(
    new FormStrategy(({ form }) =>
      verifyCredentials({
        identifier: form.get("identifier"),
        password: form.get("password"),
        remember: form.get("remember"),
      }),
    ),
    "form",
  )
  .use(new JsonCredentialsStrategy(verifyCredentials), "json");

/** Signs in with a strategy: the started session, or why not (the login use case's Failure). */
export async function signIn(
  strategy: "form" | "json",
  request: Request,
  context: Context,
): Promise<LoginSuccess | Failure> {
  try {
    return await signInContext.run(context, () => authenticator.authenticate(strategy, request));
  } catch (error) {
    if (error instanceof SignInRefused) return error.failure;
    throw error;
  }
}
