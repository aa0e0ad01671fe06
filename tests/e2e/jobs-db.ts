import { randomUUID } from "node:crypto";
import { Client } from "pg";

/**
 * A mail job that used every attempt, as the queue leaves one after the mail server refused it
 * for a day; returns its id. Retrying it sends the mail through the server's own workers.
 */
export async function createDeadMailJob(to: string, subject: string): Promise<string> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const payload = {
      deliveryId: randomUUID(),
      message: { to, subject, text: `${subject}: delivered after a retry.` },
    };
    const { rows } = await client.query<{ id: string }>(
      `SELECT id::text FROM graphile_worker.add_job('mail.send', $1::json, max_attempts => 3, run_at => now() + interval '1 day')`,
      [JSON.stringify(payload)],
    );
    await client.query(
      `UPDATE graphile_worker._private_jobs SET attempts = 3, last_error = 'SMTP refused the message' WHERE id = $1::bigint`,
      [rows[0]!.id],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}
