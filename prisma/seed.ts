// Demo data for a fresh database: `npm run db:seed` (also run by `npm start` on first run).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { DEMO_ORGANIZATION } from "@/lib/site/demo";
import { seedDemoData } from "./seed/demo-data";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    const { created, logins } = await seedDemoData(db);
    console.log(
      created ? `Seeded demo organisation "${DEMO_ORGANIZATION.name}".` : "Demo data already present; nothing changed.",
    );
    console.log("Demo logins:");
    for (const l of logins) console.log(`  ${l.role.padEnd(15)} ${l.email.padEnd(26)} ${l.password}`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
