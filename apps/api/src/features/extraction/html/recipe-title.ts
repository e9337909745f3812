const SEPARATED = /^(.+?)\s+[|\-–—:·•]\s+(.+)$/u;
const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * A document title without the site's name after a separator ("Smoky Eggplant Dip | Donna Hay" on donnahay.com.au):
 * for a recipe whose only name is the page's title.
 */
export function withoutSiteName(title: string, pageUrl: string): string {
  const match = SEPARATED.exec(title);
  const site = hostName(pageUrl);
  if (!match || site.length < 4) return title;
  const rest = letters(match[2] ?? "");
  return rest.startsWith(site) || (rest.length >= 4 && site.includes(rest)) ? (match[1] ?? title) : title;
}

/** Whether a title has parts set apart by a separator ("Smoky Eggplant Dip | Donna Hay"), often the site's name. */
export const hasSeparator = (title: string) => SEPARATED.test(title);

/** The host's own name ("donnahay" of www.donnahay.com.au), letters and digits only. */
function hostName(pageUrl: string): string {
  let labels: string[];
  try {
    labels = new URL(pageUrl).hostname.split(".");
  } catch {
    return "";
  }
  const kind = labels.length > 2 && /^(?:co|com|org|net|gov)$/.test(labels.at(-2) ?? "");
  return letters((kind ? labels.at(-3) : labels.at(-2)) ?? "");
}
