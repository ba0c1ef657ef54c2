// A row of auth.sign_in_states as the code reads it: camelCase fields, timestamps as Dates.
// SIGN_IN_STATE_COLUMNS is the SELECT list that gives this shape.
export interface SignInStateRow {
  id: string;
  /** Where the mail goes: the account's address, or the one typed when there is no account yet. */
  emailNormalized: string;
  /** The account key the request signs in to and is counted by. */
  emailCanonical: string;
  /** 'otp' or 'magic_link' */
  method: string;
  /** HMAC of stateId and code under the service's code key; never the code itself. */
  codeHash: string | null;
  /** SHA-256 of the magic-link token; never the token itself. */
  tokenHash: string | null;
  /** SHA-256 of the pre-session cookie of the browser that asked. */
  browserHash: string;
  failedAttempts: number;
  knownDevice: boolean;
  createdAt: Date;
  lastSentAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
  recruiterId: string | null;
}

export const SIGN_IN_STATE_COLUMNS = `id::text AS id, email_normalized AS "emailNormalized", email_canonical AS "emailCanonical", method,
  code_hash AS "codeHash", token_hash AS "tokenHash", browser_hash AS "browserHash", failed_attempts AS "failedAttempts",
  known_device AS "knownDevice", created_at AS "createdAt", last_sent_at AS "lastSentAt", expires_at AS "expiresAt",
  consumed_at AS "consumedAt", recruiter_id::text AS "recruiterId"`;
