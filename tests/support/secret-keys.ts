/** Field names no API answer may carry: stored hashes, the session version and passwords. */
export const SECRET_KEYS = [
  "passwordHash",
  "tokenHash",
  "codeHash",
  "unsubscribeTokenHash",
  "sessionVersion",
  "password",
  "newPassword",
  "currentPassword",
];
