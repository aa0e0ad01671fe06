import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { inputClasses } from "./field-classes";

export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(inputClasses, className)} {...props} />;
}
