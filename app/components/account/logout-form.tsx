import { Form } from "react-router";
import { forgetSignedInUser } from "./account-storage";
import { accountActionPath } from "./account-url";

/**
 * Logout is a POST (never a link a prefetcher could follow) to the account
 * action, which ends the session on the server and sends the browser back to
 * `redirectTo`. With JavaScript the spec's stored token is removed as well.
 */
export function LogoutForm({
  redirectTo,
  className,
  label,
  formClassName,
  children,
}: {
  redirectTo: string;
  className: string;
  /** Accessible name when the button shows only an icon. */
  label?: string;
  formClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={accountActionPath} className={formClassName} onSubmit={() => forgetSignedInUser()}>
      <input type="hidden" name="intent" value="logout" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={className} aria-label={label} title={label}>
        {children}
      </button>
    </Form>
  );
}
