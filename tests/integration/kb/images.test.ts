import { KB_IMAGE_MAX_BYTES, KB_IMAGE_MISSING, KB_IMAGE_NOT_AN_IMAGE, KB_IMAGE_TOO_LARGE } from "@/lib/schemas/kb-api";
import { POST as uploadRoute } from "@/app/api/kb/images/route";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { makeRequest, params } from "../helpers/request";
import { db } from "../helpers/db";
import { kb } from "./kb-calls";
import { GIF_BYTES, JPEG_BYTES, PNG_BYTES, WEBP_BYTES } from "./kb-fixtures";

// Images of article bodies: the team uploads PNG, JPEG, GIF or WebP (by their bytes, at most
// 5 MB) into the attachment store; a saved body links the images it shows to its article. The
// help center shows an image while a published article of a help center that is on shows it;
// the image's own team sees it always; anyone else gets a 404.

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

const upload = async (user = world.users.agent as TwoTenants["users"]["agent"] | null, bytes = PNG_BYTES) =>
  (await kb.upload(user, "Billing screen.png", bytes)).body as { id: string; url: string; markdown: string };

describe("POST /api/kb/images", () => {
  it("stores a PNG in the attachment store; 201 with its address and the Markdown that shows it", async () => {
    const res = await kb.upload(world.users.agent, "Billing [new] screen.png", PNG_BYTES);
    expect(res).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        url: `/api/kb/images/${res.body.id}`,
        markdown: `![Billing  new  screen](/api/kb/images/${res.body.id})`,
      },
    });
    const row = await db.kbImage.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      organizationId: world.org.id,
      articleId: null,
      contentType: "image/png",
      size: PNG_BYTES.length,
      filename: "Billing [new] screen.png",
    });
    const stored = await db.storageObject.findUniqueOrThrow({ where: { key: row.storageKey } });
    expect(Buffer.from(stored.data)).toEqual(PNG_BYTES);
  });

  it("takes JPEG, GIF and WebP by their bytes, whatever the browser claimed", async () => {
    for (const [bytes, type] of [
      [JPEG_BYTES, "image/jpeg"],
      [GIF_BYTES, "image/gif"],
      [WEBP_BYTES, "image/webp"],
    ] as const) {
      const res = await kb.upload(world.users.agent, "photo.bin", bytes, { type: "application/octet-stream" });
      expect(res.status).toBe(201);
      expect((await db.kbImage.findUniqueOrThrow({ where: { id: res.body.id } })).contentType).toBe(type);
    }
  });

  it("refuses what is not such an image (415), too large (413), no file (400) and saves nothing", async () => {
    const before = await db.kbImage.count();
    const refusals = [
      [
        await kb.upload(world.users.agent, "fake.png", Buffer.from("just text, named .png")),
        415,
        KB_IMAGE_NOT_AN_IMAGE,
      ],
      [
        await kb.upload(
          world.users.agent,
          "x.svg",
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
          { type: "image/svg+xml" },
        ),
        415,
        KB_IMAGE_NOT_AN_IMAGE,
      ],
      [await kb.upload(world.users.agent, "doc.pdf", Buffer.from("%PDF-1.7 ...")), 415, KB_IMAGE_NOT_AN_IMAGE],
      [
        await kb.upload(world.users.agent, "big.png", Buffer.concat([PNG_BYTES, Buffer.alloc(KB_IMAGE_MAX_BYTES)])),
        413,
        KB_IMAGE_TOO_LARGE,
      ],
      [
        await kb.upload(world.users.agent, "huge.png", Buffer.alloc(KB_IMAGE_MAX_BYTES + 200 * 1024)),
        413,
        KB_IMAGE_TOO_LARGE,
      ],
      [await kb.upload(world.users.agent, "x.png", PNG_BYTES, { field: "image" }), 400, KB_IMAGE_MISSING],
      [await kb.upload(world.users.agent, "empty.png", Buffer.alloc(0)), 400, "The image is empty"],
    ] as const;
    expect(refusals.map(([res, status, error]) => [res.status, res.body.error, status, error])).toEqual(
      refusals.map(([, status, error]) => [status, error, status, error]),
    );
    expect(await db.kbImage.count()).toBe(before);
  });

  it("refuses a body that is not multipart/form-data (415); customers 403, nobody 401", async () => {
    const json = await uploadRoute(
      makeRequest("/api/kb/images", {
        method: "POST",
        body: { file: PNG_BYTES.toString("base64") },
        headers: { cookie: await sessionCookie(world.users.agent) },
      }),
      params(),
    );
    expect(json.status).toBe(415);
    expect((await kb.upload(world.users.end_user, "x.png", PNG_BYTES)).status).toBe(403);
    expect((await kb.upload(null, "x.png", PNG_BYTES)).status).toBe(401);
  });
});

describe("an image and the article whose body shows it", () => {
  it("a saved body links the images it shows; a body without them lets them go; another organisation's is never taken", async () => {
    const mine = await upload();
    const theirs = await upload(world.users.otherAdmin);
    const { id } = (
      await kb.createArticle(world.users.agent, {
        title: "With images",
        body: `${mine.markdown}\n\n![x](${theirs.url})`,
      })
    ).body;
    expect((await db.kbImage.findUniqueOrThrow({ where: { id: mine.id } })).articleId).toBe(id);
    expect((await db.kbImage.findUniqueOrThrow({ where: { id: theirs.id } })).articleId).toBeNull();
    await kb.updateArticle(world.users.agent, id, { body: "No pictures now" });
    expect((await db.kbImage.findUniqueOrThrow({ where: { id: mine.id } })).articleId).toBeNull();
  });
});

describe("GET /api/kb/images/{id}", () => {
  it("an image in a draft: its team sees it (private cache), customers and strangers get a 404", async () => {
    const image = await upload();
    await kb.createArticle(world.users.agent, { title: "Draft with image", body: image.markdown });
    const staff = await kb.image(world.users.agent, image.id);
    expect(staff.status).toBe(200);
    expect(staff.bytes).toEqual(PNG_BYTES);
    expect(Object.fromEntries(staff.headers)).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-disposition": expect.stringMatching(/^inline; filename="Billing screen.png"/),
      "cache-control": "private, max-age=300",
    });
    for (const user of [null, world.users.end_user, world.users.otherAdmin]) {
      const res = await kb.image(user, image.id);
      expect({ status: res.status, body: JSON.parse(res.bytes.toString()) }).toEqual({
        status: 404,
        body: { error: "Image not found", code: "not_found" },
      });
    }
  });

  it("an image in a published article is anyone's (public cache) while the help center is on", async () => {
    const image = await upload();
    const { id } = (
      await kb.createArticle(world.users.agent, {
        title: "Published with image",
        body: image.markdown,
        status: "published",
      })
    ).body;
    for (const user of [null, world.users.end_user, world.users.otherAdmin]) {
      const res = await kb.image(user, image.id);
      expect([res.status, res.headers.get("cache-control")]).toEqual([200, "public, max-age=300"]);
    }
    await kb.updateSettings(world.users.org_admin, { helpCenterEnabled: false });
    try {
      expect((await kb.image(null, image.id)).status).toBe(404);
      expect((await kb.image(world.users.agent, image.id)).status).toBe(200);
    } finally {
      await kb.updateSettings(world.users.org_admin, { helpCenterEnabled: true });
    }
    await kb.updateArticle(world.users.agent, id, { status: "internal" });
    expect((await kb.image(null, image.id)).status).toBe(404);
  });

  it("an image a published article names while a draft holds it is shown too", async () => {
    const image = await upload();
    await kb.createArticle(world.users.agent, { title: "Published first", body: image.markdown, status: "published" });
    await kb.createArticle(world.users.agent, { title: "Draft copy", body: image.markdown });
    expect((await kb.image(null, image.id)).status).toBe(200);
  });

  it("an id that names no image is a 404", async () => {
    expect((await kb.image(world.users.agent, "0193a4f2-7c1e-7d2a-9b3c-4d5e6f708192")).status).toBe(404);
    expect((await kb.image(world.users.agent, "x".repeat(65))).status).toBe(404);
  });
});
