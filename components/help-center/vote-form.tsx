import { ThumbsDown, ThumbsUp } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { helpPaths } from "@/lib/site/help-paths";

/**
 * "Was this helpful?" as a plain form: it posts without JavaScript, and the answer (303) brings
 * the visitor back to the article with ?voted=..., where this thanks them instead.
 */
export function VoteForm({ org, slug, voted }: { org: string; slug: string; voted: boolean }) {
  if (voted)
    return (
      <p role="status" className="rounded-lg border bg-muted/40 p-4 text-sm font-medium">
        Thanks for your feedback!
      </p>
    );
  return (
    <form
      method="post"
      action={helpPaths(org).vote(slug)}
      className="flex flex-wrap items-center gap-3 rounded-lg border p-4"
    >
      <p id="vote-question" className="mr-auto text-sm font-medium">
        Was this helpful?
      </p>
      <div role="group" aria-labelledby="vote-question" className="flex gap-2">
        <button type="submit" name="helpful" value="yes" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ThumbsUp aria-hidden />
          Yes
        </button>
        <button type="submit" name="helpful" value="no" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ThumbsDown aria-hidden />
          No
        </button>
      </div>
    </form>
  );
}
