import { defineConfig } from "prisma/config";

// The CLI is only used for `generate`; migrations run through scripts/db.mjs
// (Prisma's wasm schema engine), which reads the same schema and migrations folder.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/ticketry" },
});
