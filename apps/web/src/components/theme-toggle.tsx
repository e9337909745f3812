import { useState } from "react";
import { Moon, Sun } from "lucide-react";
import { Button } from "@kim/ui/button";
import { getTheme, setTheme, type Theme } from "../lib/theme";

export function ThemeToggle() {
  // theme-init.js has already applied the class, so the DOM is the source of truth.
  const [theme, setThemeState] = useState<Theme>(getTheme);

  const toggle = () => {
    const next: Theme = theme === "dark" ? "light" : "dark";
    setTheme(next);
    setThemeState(next);
  };

  return (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" title="Toggle theme" onClick={toggle}>
      {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
