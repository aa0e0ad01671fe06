import { Search } from "lucide-react";
import { cn } from "@/lib/utils";
import { Input } from "./input";

type Props = Omit<React.ComponentProps<typeof Input>, "onChange" | "value"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A text input with a search icon; `label` names it for assistive technology. */
export function SearchInput({ label, value, onValueChange, className, ...props }: Props) {
  return (
    <div className={cn("relative", className)}>
      <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
      <Input
        aria-label={label}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="pl-8"
        {...props}
      />
    </div>
  );
}
