// Read by the configuration check (before anything is built) and by the
// adapter itself: without a database name in the URL the driver silently
// writes to a database called "test".

export const MONGODB_URL_FORM = "mongodb://host:27017/dynami";

// What MongoDB forbids in a database name (on any platform).
const FORBIDDEN_IN_NAME = /[/\\. "$*<>:|?\0]/;

/** The database named in a mongodb:// or mongodb+srv:// URL; null when it names none. */
export function mongoDatabaseName(url: string): string | null {
  const scheme = /^mongodb(\+srv)?:\/\//.exec(url);
  if (!scheme) return null;
  const rest = url.slice(scheme[0].length);
  // Credentials and hosts cannot hold a raw "/" or "?" (the driver wants them percent-encoded).
  const pathStart = rest.search(/[/?]/);
  if (pathStart === -1 || rest[pathStart] === "?") return null;
  const path = rest.slice(pathStart + 1).split("?")[0]!;
  let name: string;
  try {
    name = decodeURIComponent(path);
  } catch {
    return null;
  }
  return name === "" ? null : name;
}

/** Why this URL cannot be used as DATABASE_URL, or null when it can. */
export function mongoUrlProblem(url: string): string | null {
  const name = mongoDatabaseName(url);
  if (name === null) return `the database name is missing: use the form ${MONGODB_URL_FORM}`;
  if (FORBIDDEN_IN_NAME.test(name) || name.length > 63) {
    return `"${name}" is not a valid MongoDB database name: use letters, digits, - and _ as in ${MONGODB_URL_FORM}`;
  }
  return null;
}
