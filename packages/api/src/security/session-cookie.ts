/*
 * The session cookie as procedures see it. The HTTP layer (apps/server) seals and reads the
 * cookie; this module imports nothing, so identity and sessions name it without an import
 * running back.
 */

/** What the sealed session cookie carries: the key of a row of the sessions table. */
export interface SessionData {
  key: string;
}

/** The HTTP layer's cookie, seen by procedures without knowing about HTTP. */
export interface SessionStore {
  read(): SessionData | null;
  write(data: SessionData): Promise<void>;
  clear(): void;
}
