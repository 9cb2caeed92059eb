// The admin area's access rule, shared by the server (which refuses) and
// the pages (which explain): only the role 'admin' gets in.

/** The body of the 403 an admin page answers a signed-in non-admin with. */
export interface AdminDenied {
  adminDenied: true;
  message: string;
}

export function isAdminDenied(value: unknown): value is AdminDenied {
  return typeof value === "object" && value !== null && (value as AdminDenied).adminDenied === true;
}
