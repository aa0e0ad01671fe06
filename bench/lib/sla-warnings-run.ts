// The measuring half of `npm run bench:sla-warnings`, run under tsx with the server's module
// conditions (bench/sla-warnings.mjs starts it with DATABASE_URL set). Prints one JSON line.
import { Prisma } from "@/generated/prisma/client";
import { db, queryRows } from "@/lib/server/db";
import { sendSlaWarnings } from "@/lib/services/tickets/sla-warnings";

const COMING_DUE = Number(process.env.BENCH_COMING_DUE ?? 500);

/** One run of the minute's job at `now`: how long it took and how many warnings it mailed. */
async function timed(now: Date) {
  const started = performance.now();
  const mailed = await sendSlaWarnings(now);
  return { mailed, seconds: Math.round(performance.now() - started) / 1000 };
}

async function main() {
  const [{ tickets, watched }] = await queryRows<{ tickets: number; watched: number }>(Prisma.sql`
    SELECT (SELECT count(*)::int FROM "Ticket") AS "tickets", (SELECT count(*)::int FROM "SlaWatch") AS "watched"`);
  const now = new Date();
  // What came due since the data was seeded is warned of first, as the job would have done.
  const catchUp = { runs: 0, mailed: 0, seconds: 0 };
  const stillDue = async () =>
    (
      await queryRows<{ due: number }>(
        Prisma.sql`SELECT count(*)::int AS "due" FROM "SlaWatch" WHERE "warnAt" <= ${now}`,
      )
    )[0].due;
  while ((await stillDue()) > 0) {
    const run = await timed(now);
    Object.assign(catchUp, {
      runs: catchUp.runs + 1,
      mailed: catchUp.mailed + run.mailed,
      seconds: catchUp.seconds + run.seconds,
    });
  }
  // A quiet minute: nothing came due.
  const idle = await timed(now);
  // A busy minute: COMING_DUE open tickets, never warned of, turn at risk at once.
  await db.$executeRaw`
    WITH picked AS (
      SELECT w."ticketId" FROM "SlaWatch" w
      WHERE w."warnAt" > ${now} AND NOT EXISTS (SELECT 1 FROM "SlaWarning" s WHERE s."ticketId" = w."ticketId")
      ORDER BY w."warnAt" LIMIT ${COMING_DUE})
    UPDATE "SlaWatch" w SET "warnAt" = ${new Date(now.getTime() - 1000)} FROM picked WHERE w."ticketId" = picked."ticketId"`;
  const busy = await timed(now);
  console.log(JSON.stringify({ tickets, watched, comingDue: COMING_DUE, catchUp, idle, busy }));
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
