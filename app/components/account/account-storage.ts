import type { AccountUser } from "~/lib/account-types";

// The spec's browser storage after a login: the bearer token in local storage
// when 'Se souvenir de moi' is ticked, else in session storage (the other one
// is cleared), plus `user` and `userId`. The httpOnly session cookie is what
// really signs the pages in; these keys serve the JavaScript API clients.

const tokenKey = "token";
const userKey = "user";
const userIdKey = "userId";

function attempt(write: () => void) {
  try {
    write();
  } catch {
    // Storage can be disabled or full (private mode); the session cookie still works.
  }
}

export function rememberSignedInUser(token: string, user: AccountUser, remember: boolean) {
  attempt(() => {
    const kept = remember ? localStorage : sessionStorage;
    const cleared = remember ? sessionStorage : localStorage;
    cleared.removeItem(tokenKey);
    kept.setItem(tokenKey, token);
    localStorage.setItem(userKey, JSON.stringify(user));
    localStorage.setItem(userIdKey, user.id);
  });
}

export function forgetSignedInUser() {
  attempt(() => {
    localStorage.removeItem(tokenKey);
    sessionStorage.removeItem(tokenKey);
    localStorage.removeItem(userKey);
    localStorage.removeItem(userIdKey);
  });
}
