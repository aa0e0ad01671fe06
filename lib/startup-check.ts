import { productionConfigProblems } from "./config-check";

// A production server refuses to start half-configured: print every problem and exit.
const problems = productionConfigProblems(process.env);
if (problems.length > 0) {
  console.error(`Ticketry cannot start:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
