// The Input's and Label's classes (components/ui/input.tsx, label.tsx) on their own, for plain
// elements on a page that must stay light (the landing page's waitlist forms): the components
// merge classes with tailwind-merge and the Label brings Radix (with its Slot) along, and the
// bundler takes a module whole. The components keep their own copy of the strings (importing
// them from here cost the sign-in page a few dozen bytes); tests/unit/ui/field-classes.test.tsx
// fails when the two drift apart. Plain elements join these strings as they are, so a class
// added there must not clash with one here.
export const inputClasses =
  "flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground read-only:bg-muted/50 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive";

/** Everything but the text size, weight and line height, which differ between labels. */
export const labelBaseClasses = "select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50";
export const labelClasses =
  "text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50";
