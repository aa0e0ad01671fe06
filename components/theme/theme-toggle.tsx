"use client";

import { Moon, Sun } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { THEME_STORAGE_KEY } from "./theme-script";

/**
 * Light / dark switch (until it is used, the theme follows the system's setting). Every page carries it (the 404 page's header is part of every
 * page's bundle), so it is a plain button with the Button's classes: the Button component would
 * bring its class-merging code along. Both icons are rendered and CSS picks one, so the server
 * markup never depends on the stored choice (no hydration mismatch).
 */
export function ThemeToggle() {
  function toggle() {
    const dark = document.documentElement.classList.toggle("dark");
    try {
      localStorage.setItem(THEME_STORAGE_KEY, dark ? "dark" : "light");
    } catch {
      // Storage can be unavailable (private mode); the switch still works for this page.
    }
  }
  return (
    <button
      type="button"
      className={buttonVariants({ variant: "ghost", size: "icon" })}
      aria-label="Toggle theme"
      onClick={toggle}
    >
      <Sun className="dark:hidden" />
      <Moon className="hidden dark:block" />
    </button>
  );
}
