"use client";

import { useEffect, useRef, useState, type FocusEvent } from "react";

/**
 * Whether the keyboard focus is in the reply box (or in the menus and dialogs it opened, which
 * React reports through it). A press inside the box is judged once its click is done: Safari
 * does not focus a clicked button, and the box must not fold away under the pointer.
 */
export function useFocusWithin() {
  const [within, setWithin] = useState(false);
  const pressed = useRef<HTMLElement | null>(null);
  useEffect(() => {
    function afterClick() {
      const box = pressed.current;
      pressed.current = null;
      if (box && !box.contains(document.activeElement)) setWithin(false);
    }
    window.addEventListener("click", afterClick);
    return () => window.removeEventListener("click", afterClick);
  }, []);
  return {
    within,
    handlers: {
      onFocus: () => setWithin(true),
      onBlur(event: FocusEvent<HTMLElement>) {
        if (pressed.current || event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setWithin(false);
      },
      onPointerDownCapture(event: { currentTarget: HTMLElement }) {
        pressed.current = event.currentTarget;
      },
    },
  };
}
