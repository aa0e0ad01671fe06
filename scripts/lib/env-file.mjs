// Reads `.env` from the project's folder, when there is one, before anything else reads the
// environment (import this module first): `npm start`, `npm run dev`, `npm run worker`, the db:*
// scripts and `mail:send` take their settings from it. A variable already set in the environment
// wins over the file, so a one-off `PORT=3001 npm start` still works. `npm test` and the benches
// never read it: their settings are their own, and a developer's DATABASE_URL must not become the
// database a benchmark replaces.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
