// The dialog's three views for visitors (log in, create an account, forgot
// password), one chunk: a visitor moves between them; a signed-in user on
// the history view never loads them.
export { ForgotView } from "./forgot-view";
export { LoginView } from "./login-view";
export { SignupView } from "./signup-view";
