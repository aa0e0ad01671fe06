/** Key under which the chosen theme is remembered in local storage. */
export const THEME_STORAGE_KEY = "theme";

// Runs before first paint, so a dark-theme visitor never sees a light flash.
const script = `(function(){try{if(localStorage.getItem("${THEME_STORAGE_KEY}")==="dark")document.documentElement.classList.add("dark")}catch(e){}})()`;

export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
