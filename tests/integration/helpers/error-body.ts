import { ERROR_CODES } from "@/lib/errors";

/** Any refusal of the API: a text for people and one of the known codes for programs. */
export const anyErrorBody = () =>
  expect.objectContaining({
    error: expect.any(String),
    code: expect.stringMatching(new RegExp(`^(${ERROR_CODES.join("|")})$`)),
  });
