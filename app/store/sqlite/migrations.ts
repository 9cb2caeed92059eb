import { createHash } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";

export interface Migration {
  version: number;
  sql: string;
}

// Forward-only: never edit a migration once released, append a new one.
// Dates are INTEGER epoch milliseconds; ids are 24-hex TEXT.
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        pseudo TEXT NOT NULL,
        email TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'admin')),
        prenom TEXT,
        display_name TEXT,
        photo TEXT,
        weight_kg REAL,
        locale TEXT NOT NULL,
        email_verified_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX users_email_unique ON users (email);
      -- SQLite's lower() folds ASCII only, which covers the pseudo charset.
      CREATE UNIQUE INDEX users_pseudo_lower_unique ON users (lower(pseudo));

      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        persistent INTEGER NOT NULL CHECK (persistent IN (0, 1)),
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX sessions_token_hash_unique ON sessions (token_hash);
      CREATE INDEX sessions_user_id ON sessions (user_id);
      CREATE INDEX sessions_expires_at ON sessions (expires_at);
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE verifications (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('email', 'reset')),
        token_hash TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX verifications_token_hash_unique ON verifications (token_hash);
      CREATE INDEX verifications_user_id_purpose ON verifications (user_id, purpose);
      CREATE INDEX verifications_expires_at ON verifications (expires_at);

      CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY,
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts INTEGER NOT NULL,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        sent_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX mail_outbox_status_created_at ON mail_outbox (status, created_at);
      CREATE INDEX mail_outbox_status_updated_at ON mail_outbox (status, updated_at);
      CREATE INDEX mail_outbox_created_at ON mail_outbox (created_at);

      CREATE TABLE newsletter_subscribers (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        locale TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX newsletter_subscribers_email_unique ON newsletter_subscribers (email);

      CREATE TABLE history (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        action TEXT NOT NULL,
        meta TEXT NOT NULL CHECK (json_valid(meta)),
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX history_user_id_created_at ON history (user_id, created_at);

      CREATE TABLE contact_messages (
        id TEXT PRIMARY KEY,
        nom TEXT NOT NULL,
        email TEXT NOT NULL,
        sujet TEXT NOT NULL,
        message TEXT NOT NULL,
        locale TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
    `,
  },
  {
    // Several app processes on one file: outbox claims bound to a token with a
    // lease, and every listing served by an index that also serves its sort,
    // the id tie-breaker included (a rowid index cannot: SQLite would sort).
    version: 3,
    sql: `
      ALTER TABLE mail_outbox ADD COLUMN claim_token TEXT;
      ALTER TABLE mail_outbox ADD COLUMN claimed_at INTEGER;
      -- Mails left sending by the previous version get a claim that lapses
      -- one lease after their last update, like any other.
      UPDATE mail_outbox
      SET claim_token = lower(hex(randomblob(16))), claimed_at = updated_at
      WHERE status = 'sending';

      DROP INDEX mail_outbox_status_created_at;
      CREATE INDEX mail_outbox_queued_due ON mail_outbox (status, next_attempt_at, id);
      CREATE INDEX mail_outbox_claimed_at ON mail_outbox (status, claimed_at, id);
      DROP INDEX mail_outbox_created_at;
      CREATE INDEX mail_outbox_created_at_id ON mail_outbox (created_at, id);

      DROP INDEX history_user_id_created_at;
      CREATE INDEX history_user_id_created_at_id ON history (user_id, created_at, id);

      DROP INDEX contact_messages_created_at;
      CREATE INDEX contact_messages_created_at_id ON contact_messages (created_at, id);
    `,
  },
  {
    // Workout sessions: one page read per listing, newest first by start
    // (id tie-breaker included), and the finish's idempotency key unique per user.
    version: 4,
    sql: `
      CREATE TABLE workout_sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER NOT NULL,
        duration_sec REAL NOT NULL CHECK (duration_sec >= 0),
        calories REAL NOT NULL CHECK (calories >= 0),
        notes TEXT NOT NULL,
        entries TEXT NOT NULL CHECK (json_valid(entries)),
        client_summary TEXT NOT NULL CHECK (json_valid(client_summary)),
        body_mass_kg REAL,
        idempotency_key TEXT,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX workout_sessions_user_id_started_at_id ON workout_sessions (user_id, started_at, id);
      CREATE UNIQUE INDEX workout_sessions_user_id_idempotency_key
        ON workout_sessions (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    `,
  },
  {
    // Community: reviews, newsletters, double opt-in for subscribers, and
    // what newsletter mails need from the outbox.
    version: 5,
    sql: `
      CREATE TABLE reviews (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
        comment TEXT NOT NULL,
        approved_at INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;
      -- Each listing reads one index that also serves its order, id tie-breaker included.
      CREATE INDEX reviews_created_at_id ON reviews (created_at, id);
      CREATE INDEX reviews_approved_created_at_id ON reviews (created_at, id) WHERE approved_at IS NOT NULL;
      CREATE INDEX reviews_user_id ON reviews (user_id);

      CREATE TABLE newsletters (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        subject TEXT NOT NULL,
        content TEXT NOT NULL,
        scheduled_at INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'failed')),
        sent_at INTEGER,
        recipient_count INTEGER,
        failure_reason TEXT,
        attempts INTEGER NOT NULL,
        claim_token TEXT,
        lease_until INTEGER,
        cursor TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX newsletters_created_at_id ON newsletters (created_at, id);
      CREATE INDEX newsletters_status_scheduled_at ON newsletters (status, scheduled_at, id);
      CREATE INDEX newsletters_status_lease_until ON newsletters (status, lease_until, id);

      ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at INTEGER;
      ALTER TABLE newsletter_subscribers ADD COLUMN confirm_token_hash TEXT;
      ALTER TABLE newsletter_subscribers ADD COLUMN confirm_with_account INTEGER NOT NULL DEFAULT 0
        CHECK (confirm_with_account IN (0, 1));
      ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token TEXT;
      -- Until now only the sign-up box subscribed: such a row is confirmed when
      -- its account is verified, and pending (waiting for that) otherwise.
      UPDATE newsletter_subscribers SET
        confirm_with_account = 1,
        confirmed_at = (
          SELECT users.email_verified_at FROM users
          WHERE users.email = newsletter_subscribers.email AND users.email_verified_at IS NOT NULL
        ),
        unsubscribe_token = lower(hex(randomblob(32)));
      CREATE UNIQUE INDEX newsletter_subscribers_unsubscribe_token_unique ON newsletter_subscribers (unsubscribe_token);
      CREATE UNIQUE INDEX newsletter_subscribers_confirm_token_hash_unique
        ON newsletter_subscribers (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL;
      -- The sender pages through confirmed subscribers by id.
      CREATE INDEX newsletter_subscribers_confirmed_id ON newsletter_subscribers (id) WHERE confirmed_at IS NOT NULL;
      -- The retention purge of pending subscriptions.
      CREATE INDEX newsletter_subscribers_pending_created_at
        ON newsletter_subscribers (created_at) WHERE confirmed_at IS NULL;

      ALTER TABLE mail_outbox ADD COLUMN headers TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(headers));
      ALTER TABLE mail_outbox ADD COLUMN dedupe_key TEXT;
      CREATE UNIQUE INDEX mail_outbox_dedupe_key_unique ON mail_outbox (dedupe_key) WHERE dedupe_key IS NOT NULL;
    `,
  },
  {
    // The dashboard: profile photos in the store (any process can serve
    // them), per-user workout figures kept up to date as sessions are saved,
    // and the history read by action (the latest IMC, the first weight).
    version: 6,
    sql: `
      CREATE TABLE photos (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        version TEXT NOT NULL,
        content_type TEXT NOT NULL,
        data BLOB NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        etag TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE workout_totals (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        sessions INTEGER NOT NULL,
        calories REAL NOT NULL,
        duration_sec REAL NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE workout_days (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        day TEXT NOT NULL,
        sessions INTEGER NOT NULL,
        calories REAL NOT NULL,
        duration_sec REAL NOT NULL,
        exercises INTEGER NOT NULL,
        muscle_sets TEXT NOT NULL CHECK (json_valid(muscle_sets)),
        last_at INTEGER NOT NULL
      ) STRICT;
      -- The day ranges and the streak's pages read it in order, both ways.
      CREATE UNIQUE INDEX workout_days_user_id_day ON workout_days (user_id, day);

      CREATE INDEX history_user_id_action_created_at_id ON history (user_id, action, created_at, id);
    `,
  },
  {
    // My account: e-mail changes waiting for their link, and what erasing an
    // account needs (its outbox mails, its reviews newest first).
    version: 7,
    sql: `
      CREATE TABLE email_changes (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        new_email TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      -- One pending change per account: a new request replaces the last.
      CREATE UNIQUE INDEX email_changes_user_id_unique ON email_changes (user_id);
      CREATE UNIQUE INDEX email_changes_token_hash_unique ON email_changes (token_hash);
      CREATE INDEX email_changes_expires_at ON email_changes (expires_at);

      -- The account a mail is about (a pending new address is not the account's own).
      ALTER TABLE mail_outbox ADD COLUMN user_id TEXT;
      CREATE INDEX mail_outbox_user_id ON mail_outbox (user_id) WHERE user_id IS NOT NULL;
      CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient);

      -- The export pages through an author's reviews and lists the login
      -- sessions, newest first; deletes by user_id still use the prefix.
      DROP INDEX reviews_user_id;
      CREATE INDEX reviews_user_id_created_at_id ON reviews (user_id, created_at, id);
      DROP INDEX sessions_user_id;
      CREATE INDEX sessions_user_id_created_at_id ON sessions (user_id, created_at, id);
    `,
  },
  {
    // Nothing a database copy could use: unsubscribe tokens stored as their
    // sha256 (the links already sent still work; new links are signed by the
    // server and stored nowhere), and every profile photo under a random,
    // unguessable version instead of an ObjectId.
    version: 8,
    sql: `
      DROP INDEX newsletter_subscribers_unsubscribe_token_unique;
      ALTER TABLE newsletter_subscribers RENAME COLUMN unsubscribe_token TO legacy_unsubscribe_token_hash;
      UPDATE newsletter_subscribers SET legacy_unsubscribe_token_hash = sha256_hex(legacy_unsubscribe_token_hash)
        WHERE legacy_unsubscribe_token_hash IS NOT NULL;
      CREATE UNIQUE INDEX newsletter_subscribers_legacy_unsubscribe_unique
        ON newsletter_subscribers (legacy_unsubscribe_token_hash) WHERE legacy_unsubscribe_token_hash IS NOT NULL;

      UPDATE photos SET version = lower(hex(randomblob(16))) WHERE length(version) <> 32;
      UPDATE users SET photo = '/photos/' || id || '/' || (SELECT version FROM photos WHERE photos.user_id = users.id) || '.webp'
        WHERE photo IS NOT NULL AND EXISTS (SELECT 1 FROM photos WHERE photos.user_id = users.id);
    `,
  },
  {
    // A lifter's memory: one log per saved session and exercise (its sets
    // and figures), and the records folded from them, per user and exercise.
    version: 9,
    sql: `
      CREATE TABLE exercise_logs (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        session_id TEXT NOT NULL REFERENCES workout_sessions (id) ON DELETE CASCADE,
        exercise_id TEXT NOT NULL,
        name TEXT NOT NULL,
        mode TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        sets TEXT NOT NULL CHECK (json_valid(sets)),
        figures TEXT NOT NULL CHECK (json_valid(figures))
      ) STRICT;
      -- One log per session and exercise (a save's copy adds nothing); a session's removal.
      CREATE UNIQUE INDEX exercise_logs_session_id_exercise_id ON exercise_logs (session_id, exercise_id);
      -- An exercise's history, newest first, and its last time.
      CREATE INDEX exercise_logs_user_id_exercise_id_started_at_session_id
        ON exercise_logs (user_id, exercise_id, started_at, session_id);

      CREATE TABLE exercise_records (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        exercise_id TEXT NOT NULL,
        name TEXT NOT NULL,
        sessions INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        last_session_id TEXT NOT NULL,
        marks TEXT NOT NULL CHECK (json_valid(marks)),
        PRIMARY KEY (user_id, exercise_id)
      ) STRICT;
      -- 'Mes exercices' and GET /api/records: most logged first.
      CREATE INDEX exercise_records_user_id_sessions ON exercise_records (user_id, sessions DESC, exercise_id);
    `,
  },
];

export function appliedMigrationVersions(db: DatabaseSync): number[] {
  const rows = db.prepare("SELECT version FROM schema_migrations ORDER BY version").all() as { version: number }[];
  return rows.map((row) => row.version);
}

/** Applies, each in its own transaction, the migrations this database has not seen yet. */
export function runMigrations(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): void {
  // SQLite has no hash function of its own: the migrations that hash a column call this one.
  db.function("sha256_hex", { deterministic: true }, (value) =>
    createHash("sha256").update(String(value)).digest("hex"),
  );
  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      applied_at INTEGER NOT NULL
    ) STRICT
  `);
  const isApplied = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
  const recordApplied = db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)");

  for (const migration of migrations.toSorted((a, b) => a.version - b.version)) {
    if (isApplied.get(migration.version)) continue;
    // IMMEDIATE takes the write lock up front; checking again under it means two
    // processes starting together never both apply the same migration.
    db.exec("BEGIN IMMEDIATE");
    try {
      if (!isApplied.get(migration.version)) {
        db.exec(migration.sql);
        recordApplied.run(migration.version, Date.now());
      }
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw new Error(`SQLite migration ${migration.version} failed`, { cause: error });
    }
  }
}
