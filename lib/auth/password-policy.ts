/** Minimum password length (shared by forms and the server). */
export const MIN_PASSWORD_LENGTH = 8;
