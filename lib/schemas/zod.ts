import { config } from "zod";

// zod compiles fast parsers with `new Function` after probing whether eval is allowed; our
// CSP forbids eval, and the probe alone is reported as a violation in the browser.
config({ jitless: true });

export * as z from "./zod-api";
