import { formatMinutes, type CookingTimer, type StepDuration } from "@kim/domain";

// Words that lead into a duration ("bake for about 25 minutes", "dann etwa 20 Minuten") or out of one ("after 10
// minutes, stir"), in the languages timers are read in: they name no action.
const FILLER = new Set(
  [
    "a about additional after an and another approximately around at extra for further in least more or over roughly then until within",
    "dann danach nach etwa ca circa ungefähr noch weitere weiteren für und oder mindestens", // German
    "dan daarna na ongeveer nog en of minstens", // Dutch
    "puis ensuite après environ encore pendant et ou", // French
    "luego después unos unas durante otros otras más y o", // Spanish
    "poi dopo circa ancora per altri e", // Italian
    "så derefter deretter efter etter cirka omkring ca og eller i", // Scandinavian
  ]
    .join(" ")
    .split(" "),
);
const MAX_WORDS = 3;

/** The words of `text` that name an action, without the filler at either end. */
function actionWords(text: string): string[] {
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
  const isFiller = (word: string | undefined) => word !== undefined && FILLER.has(word.toLowerCase());
  while (isFiller(words[0])) words.shift();
  while (isFiller(words.at(-1))) words.pop();
  return words;
}

/** The first MAX_WORDS words, capitalised; an ellipsis says where a longer phrase was cut. */
function shortName(words: string[]): string {
  const name = words
    .slice(0, MAX_WORDS)
    .join(" ")
    .replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  return words.length > MAX_WORDS ? `${name}…` : name;
}

/**
 * The action a step's duration times, in a few words: "Bake" for "Bake for 25 minutes, until golden". It takes the
 * clause before the duration; when that is only filler ("After 10 minutes, stir"), the words after it. Empty when the
 * step names none ("25 minutes.").
 */
function timerAction(step: string, { index: at, text: durationText }: StepDuration): string {
  // The clause holding the duration: after the last full stop, semicolon or comma before it.
  const before =
    step
      .slice(0, at)
      .split(/[.;:!?,]/)
      .at(-1) ?? "";
  const after = step.slice(at + durationText.length).split(/[.;:!?]/)[0] ?? "";
  const words = actionWords(before);
  const name = words.length ? words : actionWords(after);
  return name.length ? shortName(name) : "";
}

const timerName = (stepNumber: number, action: string) => (action ? `Step ${stepNumber}: ${action}` : `Step ${stepNumber}`);

/** A short name for the timer a step's duration starts: "Step 2: Bake" (see timerAction), or "Step 2" alone. */
export function stepTimerName(stepNumber: number, step: string, duration: StepDuration): string {
  return timerName(stepNumber, timerAction(step, duration));
}

/** "25 min", "1 h 30 min", "1 min 30 s", "45 s": for the button that starts a step's timer. */
export function durationLabel(seconds: number): string {
  const [minutes, rest] = [Math.floor(seconds / 60), seconds % 60];
  if (rest === 0) return formatMinutes(minutes);
  return minutes === 0 ? `${rest} s` : `${formatMinutes(minutes)} ${rest} s`;
}

/** What a step's button starts: its step's duration at its place, so two equal durations of a step get a timer each. */
export interface StepTimer {
  key: string;
  name: string;
  /** What it times, as its name says it after the step's number ("Simmer"); empty when the step names nothing. */
  action: string;
  seconds: number;
}

export function stepTimer(stepNumber: number, step: string, duration: StepDuration): StepTimer {
  const action = timerAction(step, duration);
  return { key: `${stepNumber}@${duration.index}`, name: timerName(stepNumber, action), action, seconds: duration.seconds };
}

/**
 * The timer a step's button started, while the cook still has it: the one with its key and length (a timer saved
 * before timers had keys, by its name). A running or paused one comes before a finished one, so the button shows the
 * timer that still counts.
 */
export function findStepTimer(
  timers: CookingTimer[],
  { key, name, seconds }: Pick<StepTimer, "key" | "name" | "seconds">,
): CookingTimer | undefined {
  // Names cut short had no ellipsis then.
  const named = (t: CookingTimer) => t.name === name || t.name === name.replace(/…$/, "");
  const started = timers.filter((t) => (t.stepKey === undefined ? named(t) : t.stepKey === key) && t.duration === seconds);
  return started.find((t) => !isFinished(t)) ?? started[0];
}

export const isFinished = (timer: CookingTimer) => !timer.isRunning && timer.remaining === 0;
