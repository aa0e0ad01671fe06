// `npm run reports:weekly-summary`: queues last week's summary email now, whatever the day, for
// every admin who turned it on (the demo's admin has), as the hourly job does on Monday morning.
// The server's job workers send it (`npm start` prints it to its log unless SMTP_URL is set); an
// admin already told of that week is not told again.
import "./lib/env-file.mjs";
import { sendWeeklySummaries } from "@/lib/services/reports/weekly-summary";

sendWeeklySummaries(new Date(), { anyDay: true })
  .then((queued) => {
    console.log(`Queued ${queued} weekly summary email(s).`);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
