import type { KbArticleStatus } from "@/generated/prisma/enums";
import { Badge } from "@/components/ui/badge";

export const KB_STATUS_LABELS: Record<KbArticleStatus, string> = {
  draft: "Draft",
  published: "Published",
  internal: "Internal",
};

/** What each status means, where an agent chooses it. */
export const KB_STATUS_HINTS: Record<KbArticleStatus, string> = {
  draft: "Only your team sees it; not in the help center or the reply box",
  published: "In the help center for everyone, and in the reply box",
  internal: "Your team's own answer: in the reply box, never in the help center",
};

const VARIANTS = { draft: "outline", published: "success", internal: "warning" } as const;

export function KbStatusBadge({ status }: { status: KbArticleStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-kb-status={status}>
      {KB_STATUS_LABELS[status]}
    </Badge>
  );
}
