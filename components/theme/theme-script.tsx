/** Key under which the chosen theme is remembered in local storage. */
export const THEME_STORAGE_KEY = "theme";

// Runs before first paint, so a dark-theme visitor never sees a light flash. Until the user picks a
// theme with the toggle, the app follows the system's light or dark setting, also when it changes.
const script = `(function(){try{var k="${THEME_STORAGE_KEY}",m=matchMedia("(prefers-color-scheme: dark)"),c=document.documentElement.classList;function f(){var t=localStorage.getItem(k);c.toggle("dark",t?t==="dark":m.matches)}f();m.addEventListener("change",function(){if(!localStorage.getItem(k))f()})}catch(e){}})()`;

export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
