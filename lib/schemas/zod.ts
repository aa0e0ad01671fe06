import { z } from "zod";

// zod compiles fast parsers with `new Function` after probing whether eval is allowed; our
// CSP forbids eval, and the probe alone is reported as a violation in the browser.
z.config({ jitless: true });

export { z };
