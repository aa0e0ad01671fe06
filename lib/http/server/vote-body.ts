import type { NextRequest } from "next/server";
import { badRequest, unsupportedMediaType } from "@/lib/errors";
import { readJsonBody, readRawBody } from "@/lib/http/server/body";
import { refuseUnstorableText, utf8Text } from "@/lib/http/server/input-text";
import { parseWith } from "@/lib/http/server/validate";
import { HELP_VOTE_FORM_VALUES, helpVoteSchema } from "@/lib/schemas/help-center";

/** A vote is one word; a body past this is no vote. */
const MAX_VOTE_BYTES = 1024;
const FORM = /^application\/x-www-form-urlencoded\b/i;
const WRONG_TYPE = "Send { helpful } as application/json, or the article page's form";

/**
 * The body of a help center vote: JSON `{ helpful: boolean }` from a script, or the article
 * page's plain form (`helpful=yes` or `no`) from a browser without JavaScript, whose answer is
 * then a redirect back to the page. A form-encoded body without that field is not the form (415).
 */
export async function readVoteBody(req: NextRequest): Promise<{ helpful: boolean; form: boolean }> {
  const type = (req.headers.get("content-type") ?? "").trim();
  if (!FORM.test(type)) {
    if (!/^application\/(.+\+)?json\b/i.test(type)) throw unsupportedMediaType(WRONG_TYPE);
    return { ...parseWith(helpVoteSchema, await readJsonBody(req, MAX_VOTE_BYTES)), form: false };
  }
  const fields = new URLSearchParams(utf8Text(await readRawBody(req, FORM, MAX_VOTE_BYTES)));
  const value = fields.get("helpful");
  if (value === null) throw unsupportedMediaType(WRONG_TYPE);
  refuseUnstorableText(value);
  if (!Object.hasOwn(HELP_VOTE_FORM_VALUES, value)) throw badRequest("helpful must be yes or no");
  return { helpful: HELP_VOTE_FORM_VALUES[value as keyof typeof HELP_VOTE_FORM_VALUES], form: true };
}
