import { TriangleAlert } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/**
 * The mark on a mail that named its ticket only by the number in its subject, from a sender
 * whose domain did not vouch for it: anyone may have written it, whatever its From line says.
 */
export function SenderNotVerified({ explanation }: { explanation: string }) {
  return (
    <Badge variant="warning" title={explanation} data-sender-not-verified>
      <TriangleAlert aria-hidden />
      Sender not verified
    </Badge>
  );
}
