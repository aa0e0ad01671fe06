"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** Typing counts until this long after the last keystroke. */
const TYPING_IDLE_MS = 4000;

/** Whether the agent is typing a reply now: on with a keystroke, off after a pause or when sent. */
export function useTyping() {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setTyping(false);
  }, []);
  const keystroke = useCallback(() => {
    setTyping(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [stop]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return { typing, keystroke, stop };
}
