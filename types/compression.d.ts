// The part of compression (no bundled types) that the production server's API router uses.
declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  export default function compression(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}
