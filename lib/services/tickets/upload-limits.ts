import "server-only";
import { formatFileSize } from "@/lib/format/file-size";
import { env } from "@/lib/server/env";

/** A file from the reply box, the portal or the API may be as large as a mail's files together. */
export function uploadLimits() {
  const maxFileBytes = env.attachmentsMaxMessageBytes;
  return { maxFileBytes, tooLarge: `Files may be at most ${formatFileSize(maxFileBytes)}` };
}
