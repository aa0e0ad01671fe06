import { freshTwoTenants, type TwoTenants } from "../helpers/fixtures";
import { HOSTILE_MARKDOWN, REPLY_MARKUP, unsafeMarkup } from "../helpers/markup";
import { kb } from "./kb-calls";

// Hostile article bodies: the cases formatted replies are tested with (hostile-markdown.test.ts
// in security/), written into an article by an agent (or an attacker with an agent's session).
// Wherever the team reads the article's HTML (as saved, as opened, in the preview) nothing
// runs, styles, frames, loads from elsewhere or links to javascript:, data: or vbscript:.

const HOSTILE = [
  ...HOSTILE_MARKDOWN,
  // What only articles have: headings, tables and images.
  "# <script>alert(1)</script>",
  "| <img src=x onerror=alert(1)> |\n|---|\n| [n](javascript:alert(1)) |",
  "![o](https://tracker.example/pixel.gif)",
  "![p](/api/kb/images/../../logout)",
  "[q](/help/../api/logout)",
];
const BODY = HOSTILE.join("\n\n");

/** What an article's HTML may hold: a reply's markup and the article's own tags, nothing else. */
const ARTICLE_MARKUP: Record<string, string[]> = {
  ...REPLY_MARKUP,
  s: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
  img: ["src", "alt", "loading"],
};

/** Beyond unsafeMarkup: an image may only come from the knowledge base itself. */
const verdict = (html: string) => [
  ...unsafeMarkup(html, ARTICLE_MARKUP),
  ...[...html.matchAll(/<img[^>]*src="([^"]*)"/g)]
    .map(([, src]) => src!)
    .filter((src) => !/^\/api\/kb\/images\/[0-9a-f-]{36}$/.test(src))
    .map((src) => `img src ${src}`),
];

let world: TwoTenants;
const ids: string[] = [];
beforeAll(async () => {
  world = await freshTwoTenants();
  for (const body of [...HOSTILE, BODY]) {
    const res = await kb.createArticle(world.users.agent, {
      title: `Hostile ${ids.length}`,
      body,
      status: "published",
    });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
});

describe("hostile Markdown in an article, wherever the team reads it", () => {
  it("the HTML saved with it", async () => {
    for (const [i, id] of ids.entries()) {
      const { body } = await kb.getArticle(world.users.agent, id);
      expect({ source: (HOSTILE[i] ?? "all").slice(0, 60), unsafe: verdict(body.bodyHtml) }).toEqual({
        source: (HOSTILE[i] ?? "all").slice(0, 60),
        unsafe: [],
      });
    }
  });

  it("the HTML after a change, and after restoring the hostile version", async () => {
    const id = ids.at(-1)!;
    const edited = await kb.updateArticle(world.users.agent, id, { body: `${BODY}\n\n<script>more()</script>` });
    expect(verdict(edited.body.bodyHtml)).toEqual([]);
    const oldest = (await kb.revisions(world.users.agent, id)).body.revisions.at(-1);
    expect(verdict((await kb.restore(world.users.agent, id, oldest.id)).body.bodyHtml)).toEqual([]);
  });

  it("the editor's preview", async () => {
    for (const body of [...HOSTILE, BODY]) {
      const { body: answer } = await kb.preview(world.users.agent, { body });
      expect({ body, unsafe: verdict(answer.html) }).toEqual({ body, unsafe: [] });
    }
  });
});
