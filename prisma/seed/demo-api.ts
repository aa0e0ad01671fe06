// The demo sells the public API: its organisation is on Enterprise, with one API token so that
// Settings > API lists something from the first start. Its secret is made here and thrown away
// (only its hash is stored, as for every token): a newcomer creates a token of their own to call
// the API with (docs/design/api.md).
import type { PrismaClient } from "../../generated/prisma/client";
import { newApiTokenSecret } from "@/lib/auth/api-token-secret";
import { apiTokenInputSchema } from "@/lib/schemas/api-tokens";

export async function seedDemoApi(db: PrismaClient, organizationId: string, createdById: string | null, now: Date) {
  const { name, scopes } = apiTokenInputSchema.parse({
    name: "Status page",
    scopes: ["tickets:read"],
    expiresAt: null,
  });
  const { prefix, secretHash } = newApiTokenSecret();
  await db.$transaction([
    db.organization.update({ where: { id: organizationId }, data: { plan: "enterprise" } }),
    db.apiToken.create({
      data: {
        organizationId,
        name,
        scopes,
        prefix,
        secretHash,
        createdById,
        createdAt: new Date(now.getTime() - 14 * 24 * 60 * 60_000),
      },
    }),
  ]);
}
