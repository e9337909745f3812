// Runs before paint so the page never flashes the wrong theme. Keep in sync with src/lib/theme.ts.
/* global localStorage, window, document */
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem("theme");
  } catch {
    // Storage blocked (private mode): follow the system's preference.
  }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
})();
