import { classesOf, type HtmlElement } from "./html-tree";
import { isRecipeCard } from "./recipe-cards";

// Where a page keeps what is not its content: navigation, sidebars, sharing, comments, related posts. A class is one of
// these words with at most two words before and after it ("site-footer", "article-newsletter-signup-cta"), not a long
// list of terms. Not "widget": page builders and CMSs call any block of the page one, the recipe's too
// ("elementor-widget-container", "container-widget-content" around a recipe's ingredients, its heading a "widget-title");
// the sidebars and footers that hold a site's widgets are found by their own names (decision 0040).
const BOILERPLATE_CLASS =
  /^(?:[a-z0-9]+[-_]{1,2}){0,2}(?:nav|navbar|navigation|menu|sidebar|footer|breadcrumbs?|share|sharing|social|related|comments?|newsletter|subscribe|advert|promo|popup|modal|cookie|post-views)(?:[-_]{1,2}[a-z0-9]+){0,2}$/i;
const BOILERPLATE_TAG = new Set(["nav", "aside", "footer", "form"]);

// A class naming the recipe ("recipe__sidebar-title") is the recipe's own, wherever the page puts it; so is an aside
// whose class names the recipe or its ingredients ("<aside class='recipe-aside'>").
export const isBoilerplateElement = (el: HtmlElement) =>
  ((BOILERPLATE_TAG.has(el.name) && !classesOf(el).some((c) => /recipe|ingredient/i.test(c))) ||
    classesOf(el).some((c) => BOILERPLATE_CLASS.test(c) && !/recipe/i.test(c))) &&
  !(el.name !== "nav" && holdsMainHeading(el));

// An element holding a main heading (h1) is the page's content that a theme marks up as an aside or classes for its
// layout ("<aside class='left_mid'><h1>Stuffed Tortellini</h1>…", "main-with-sidebar"), not a sidebar; navigation
// holding the site's name in an h1 stays navigation (decision 0040, eighth pass of issue 29).
// Each element's answer is kept, so boilerplate nested in boilerplate (a hostile page's 512 asides) costs one walk.
const mainHeadings = new WeakMap<HtmlElement, boolean>();
function holdsMainHeading(el: HtmlElement): boolean {
  let holds = mainHeadings.get(el);
  if (holds === undefined) {
    holds = el.children.some((child) => typeof child !== "string" && (child.name === "h1" || holdsMainHeading(child)));
    mainHeadings.set(el, holds);
  }
  return holds;
}

const isSidebar = (el: HtmlElement) => !BOILERPLATE_TAG.has(el.name) && classesOf(el).some((c) => /sidebar/i.test(c));

/**
 * Whether an element is in navigation, a sidebar, a footer and the like (looked for up to the article, main or body).
 * A sidebar inside the article or the main content is its own (the ingredients beside the steps), not the page's; a
 * recipe plugin's card is the recipe wherever the theme puts it (a wrapper classed "sidebar" for its layout, a footer
 * section).
 */
export function isBoilerplate(element: HtmlElement): boolean {
  let inSidebar = false;
  let el: HtmlElement | null = element;
  for (; el && !/^(?:article|main|body)$/.test(el.name); el = el.parent) {
    if (isRecipeCard(el)) return false;
    if (el.attrs.get("role") === "navigation" || el.attrs.get("role") === "complementary") return true;
    if (!isBoilerplateElement(el)) continue;
    if (!isSidebar(el)) return true;
    inSidebar = true;
  }
  return inSidebar && el?.name !== "article" && el?.name !== "main";
}
