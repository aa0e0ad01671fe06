import { productionConfigProblems } from "@/lib/config-check";

/** Runs once when the server starts: a production server refuses to start half-configured. */
export function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const problems = productionConfigProblems(process.env);
  if (problems.length === 0) return;
  console.error(`Ticketry cannot start:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
