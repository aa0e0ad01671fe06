import type { Circus } from "@jest/types";
import { TestEnvironment } from "jest-environment-node";

/** What setup.ts leaves on each file's global for the end of the file. */
export type FileCleanup = { closeIntegrationFile?: () => Promise<void> };

/**
 * Node's environment, plus one step once a test file's last hook has run. setup.ts's afterAll
 * would run before the file's own (hooks run in the order they were declared), so a file whose
 * cleanup touched the database opened a new pool after the shared one was closed, and the
 * worker kept that connection after the file ended.
 */
export default class IntegrationEnvironment extends TestEnvironment {
  async handleTestEvent(event: Circus.Event) {
    if (event.name === "run_finish") await (this.global as FileCleanup).closeIntegrationFile?.();
  }
}
