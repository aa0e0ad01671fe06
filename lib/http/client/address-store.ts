/**
 * A screen whose state lives in the page's address (the workspace's queue and ticket, the
 * portal's view): what components subscribe to, so they read the address again when it changes
 * by `go`, Back, Forward or a hash link, and the one way to change it. `go` writes a whole
 * address (never `location.hash +=`, which once turned `#closed` into `#closed#unassigned`) and
 * does nothing when the page is there already.
 */
export function addressStore(changeEvent: string) {
  function subscribe(onChange: () => void) {
    window.addEventListener("hashchange", onChange);
    window.addEventListener("popstate", onChange);
    window.addEventListener(changeEvent, onChange);
    return () => {
      window.removeEventListener("hashchange", onChange);
      window.removeEventListener("popstate", onChange);
      window.removeEventListener(changeEvent, onChange);
    };
  }

  /** Goes to `href` as a new history entry, or in place with `replace`, keeping `state` with it. */
  function go(href: string, { replace = false, state = null }: { replace?: boolean; state?: unknown } = {}) {
    if (href === window.location.pathname + window.location.search + window.location.hash) return;
    if (replace) window.history.replaceState(state, "", href);
    else window.history.pushState(state, "", href);
    window.dispatchEvent(new Event(changeEvent));
  }

  return { subscribe, go };
}
