/** Spec §9: minimum password length (shared by forms and the server). */
export const MIN_PASSWORD_LENGTH = 8;
