/**
 * A piece of a search result's title or excerpt, and whether it is one of the words searched
 * for. The page shows matches as <mark> elements built by React: no HTML of the database's
 * or the article's is ever inserted as it is.
 */
export type Highlighted = { text: string; match: boolean }[];

/** Marks ts_headline puts around a match: control characters no article text keeps (see withoutMarks). */
export const MATCH_START = "\u0002";
export const MATCH_END = "\u0003";

/**
 * ts_headline reads "<...>" as an HTML tag and "&...;" as an entity and leaves them out, so an
 * article about HTML would lose its examples: those three characters go in as stand-ins
 * (private-use characters PostgreSQL's parser takes for spaces) and come back out as themselves.
 */
const STAND_INS = [
  ["<", "\uE000"],
  [">", "\uE001"],
  ["&", "\uE002"],
] as const;
const OWN_CHARACTERS = /[\u0002\u0003\uE000-\uE002]/g;

/** The text as ts_headline is given it: only its own marks read as matches, and tags kept as text. */
export function forHeadline(text: string): string {
  return STAND_INS.reduce(
    (t, [character, standIn]) => t.replaceAll(character, standIn),
    text.replace(OWN_CHARACTERS, ""),
  );
}

function fromHeadline(text: string): string {
  return STAND_INS.reduce((t, [character, standIn]) => t.replaceAll(standIn, character), text);
}

/** ts_headline's answer as pieces: text between the marks is a match. */
export function highlightedPieces(marked: string): Highlighted {
  const pieces: Highlighted = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    text = fromHeadline(text);
    const last = pieces.at(-1);
    if (last && last.match === match) last.text += text;
    else pieces.push({ text, match });
  };
  for (const [i, part] of marked.split(MATCH_START).entries()) {
    if (i === 0) {
      push(part.replaceAll(MATCH_END, ""), false);
      continue;
    }
    const end = part.indexOf(MATCH_END);
    if (end === -1) push(part, true);
    else {
      push(part.slice(0, end), true);
      push(part.slice(end + 1).replaceAll(MATCH_END, ""), false);
    }
  }
  return pieces;
}
