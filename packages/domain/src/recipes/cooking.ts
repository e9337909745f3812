import { parseQuantity, VULGAR_FRACTION } from "../shared/quantities";

export const DEFAULT_TIMER_MINUTES = 10;
export const MAX_TIMER_MINUTES = 24 * 60;
export const TIMER_SOUNDS = ["beep", "chime", "bell", "scream"] as const;
export type TimerSound = (typeof TIMER_SOUNDS)[number];
export const DEFAULT_TIMER_SOUND: TimerSound = "beep";
/** The localStorage key of the chosen timer sound. */
export const TIMER_SOUND_KEY = "timerSound";

const MAX_TIMER_SECONDS = MAX_TIMER_MINUTES * 60;

const ONES = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const NUMBER_WORDS = new Map<string, number>([
  ...ONES.map((w, i) => [w, i + 1] as const),
  ...TEENS.map((w, i) => [w, i + 10] as const),
  ...TENS.map((w, i) => [w, (i + 2) * 10] as const),
  ["a", 1],
  ["an", 1],
  ["half", 0.5],
  ["half a", 0.5],
  ["half an", 0.5],
  ["a half", 0.5],
]);

const FRACTION = VULGAR_FRACTION.source;
const NUMBER = String.raw`\d+(?:\.\d+)?(?:\s?${FRACTION}|\s\d+/\d+)?|\d+/\d+|${FRACTION}`;
const WORDS = `(?:${TENS.join("|")})(?:-(?:${ONES.join("|")}))?|${TEENS.join("|")}|${ONES.join("|")}|half an?|a half|half|an?`;
const AND_A_HALF = String.raw`\s+and\s+a\s+half`;
const AMOUNT = String.raw`(?:${NUMBER}|(?:${WORDS})\b)(?:${AND_A_HALF})?`;
/** "5 to 10", "10 bis 15", "5 à 10", "5 a 10", "5 tot 10", "5 til 10", "5 do 10". */
const RANGE = String.raw`\s*[-–—]\s*|\s+(?:to|or|bis|à|a|tot|til|do)\s+`;
const [ENGLISH_HOURS, ENGLISH_MINUTES, ENGLISH_SECONDS] = ["hours?|hrs?", "minutes?|mins?", "seconds?|secs?"];
/**
 * Hour, minute and second words of the languages imports serve, English first, then German, Dutch, Danish, Norwegian
 * and Swedish, Spanish and Portuguese, French, Italian, Polish and Czech, Hungarian, Turkish, Greek. Read whole.
 */
const UNIT_WORDS: [seconds: number, words: string][] = [
  [
    3600,
    String.raw`${ENGLISH_HOURS}|stunden?|std|uur|time|timer|timme|timmar|horas?|heures?|ora|ore|godzin[aęy]?|hodin[auy]?|ór(?:a|án|át|áig)|saat|ώρα|ώρες`,
  ],
  [
    60,
    String.raw`${ENGLISH_MINUTES}|minuten|minuut|minutt|minutter|minuter|minut[aęuy]?|minutos?|minut[oi]|perc(?:ig|et)?|dakika|λεπτά|λεπτό`,
  ],
  [
    1,
    String.raw`${ENGLISH_SECONDS}|sekunden?|sek|seconden?|secondes?|second[oi]|sekund(?:er|y)?|segundos?|másodperc(?:ig|et)?|saniye|δευτερόλεπτα`,
  ],
];
const ENGLISH_UNIT = new RegExp(`^(?:${ENGLISH_HOURS}|${ENGLISH_MINUTES}|${ENGLISH_SECONDS})$`, "i");
/** Japanese and Chinese, where a word follows on: no space or end is needed, but "3分の1" and "3分之1" are thirds. */
const CJK_UNIT_WORDS: [seconds: number, words: string][] = [
  [3600, "時間|个?小时"],
  [60, "分钟|分(?![の之])"],
  [1, "秒钟?"],
];
const anyOf = (table: [number, string][]) => table.map(([, words]) => words).join("|");
/** Singular words also read as other words ("ora" is "now"): a unit only after an amount below 2. */
const SINGULAR = /^(?:time|timme|ora)$/i;
/** Danish and Norwegian hours that are English words too ("stir 1 time", "set 1 timer"): not in an English step. */
const ENGLISH_TOO = /^(?:time|timer)$/i;
const ENGLISH_STEP = /\b(?:the|and|with|until|into|each|then)\b/i;
/**
 * An amount or range, then a unit: a word ("25 minutes", "2 hrs", "ca. 20 Minuten", "3分", "a 10-minute rest") or an
 * h after the number ("2h", "1h30", "1 h 30"), with no letter after it. A bare m is never a unit: "45 m" may be metres.
 */
const DURATION = new RegExp(
  String.raw`(?:(?<=\bca\.)|(?<![\w./\-–—]))(${AMOUNT})(?:(?:${RANGE})(${AMOUNT}))?` +
    String.raw`(?:(?:\s*|-)((?:${anyOf(UNIT_WORDS)})(?!\p{L})|${anyOf(CJK_UNIT_WORDS)})(?!\s+steak)(${AND_A_HALF})?` +
    String.raw`|(?<=\d|${FRACTION})\s?h(?:\s?(\d{1,2})(?:\s?mins?|m)?)?(?![\p{L}\d]))`,
  "giu",
);
const UNIT_SECONDS = [...UNIT_WORDS, ...CJK_UNIT_WORDS].map(([seconds, words]) => [seconds, new RegExp(`^(?:${words})$`, "iu")] as const);

/** What may join two parts of one duration: "1 hour 15 minutes", "1 hour, 15 minutes", "1 hour and 15 minutes". */
const JOIN = /^\s*,?\s*(?:and\s+)?$/i;

const TRAILING_HALF = new RegExp(`${AND_A_HALF}$`, "i");

function amountValue(text: string): number | null {
  const words = text.replace(TRAILING_HALF, "").toLowerCase().replace(/\s+/g, " ");
  const named = words.split("-").reduce((sum, w) => sum + (NUMBER_WORDS.get(w) ?? Number.NaN), 0);
  const value = Number.isNaN(named) ? parseQuantity(words)?.value : named;
  return value === undefined ? null : value + (TRAILING_HALF.test(text) ? 0.5 : 0);
}

interface Part {
  start: number;
  end: number;
  seconds: number;
  /** Seconds in the smallest unit named, so only a smaller unit can follow ("1 hour 15 minutes"). */
  unit: number;
  range: boolean;
}

export interface StepDuration {
  seconds: number;
  text: string;
  /** Where `text` starts in the step: two equal durations of one step are told apart by it. */
  index: number;
}

function durationPart(m: RegExpExecArray, step: string): Part | null {
  const [text, from = "", to, word = "h", wordHalf, minutes] = m;
  if (ENGLISH_TOO.test(word) && ENGLISH_STEP.test(step)) return null;
  const unit = UNIT_SECONDS.find(([, words]) => words.test(word))?.[0] ?? 3600;
  // "a second egg" counts eggs, not time.
  if (unit === 1 && /^an?$/i.test(from)) return null;
  // Number words are English: "at a time" is no Norwegian hour.
  if (!ENGLISH_UNIT.test(word) && /\p{L}/u.test(from.replace(TRAILING_HALF, ""))) return null;
  const lower = amountValue(from);
  const upper = to === undefined ? lower : amountValue(to);
  if (lower === null || upper === null) return null;
  if (SINGULAR.test(word) && Math.max(lower, upper) >= 2) return null;
  const extraMinutes = minutes === undefined ? 0 : Number(minutes);
  if (extraMinutes >= 60) return null;
  // A range times its lower bound, so the cook checks early ("simmer 1 to 2 hours" rings after 1 hour).
  const amount = Math.min(lower, upper) + (wordHalf ? 0.5 : 0);
  const seconds = Math.round(amount * unit + extraMinutes * 60);
  return { start: m.index, end: m.index + text.length, seconds, unit: minutes === undefined ? unit : 60, range: to !== undefined };
}

/**
 * The durations an instruction step names, in order, each with the words that name it and where they start. Only what
 * a kitchen timer can count: none of zero, none longer than a day ("marinate 48 hours").
 */
export function findStepDurations(step: string): StepDuration[] {
  const parts: Part[] = [];
  for (const m of step.matchAll(DURATION)) {
    const part = durationPart(m, step);
    if (!part) continue;
    const last = parts.at(-1);
    if (last && !last.range && !part.range && part.unit < last.unit && JOIN.test(step.slice(last.end, part.start))) {
      parts[parts.length - 1] = { ...last, end: part.end, seconds: last.seconds + part.seconds, unit: part.unit };
    } else {
      parts.push(part);
    }
  }
  return parts
    .filter((p) => p.seconds > 0 && p.seconds <= MAX_TIMER_SECONDS)
    .map((p) => ({ seconds: p.seconds, text: step.slice(p.start, p.end), index: p.start }));
}

/** A kitchen timer, kept serialisable. A running timer counts to `endsAt` (epoch ms), so a sleeping tab keeps time. */
export interface CookingTimer {
  id: string;
  name: string;
  /** Seconds the timer was set to. */
  duration: number;
  /** Seconds left, as of the last toggle or tick. */
  remaining: number;
  isRunning: boolean;
  endsAt: number | null;
  /** The step duration a step's button started it for; none on a timer the cook added. */
  stepKey?: string;
}

/** A new timer, stopped at its full duration. */
export function createTimer(id: string, name: string, seconds: number, stepKey?: string): CookingTimer {
  return { id, name, duration: seconds, remaining: seconds, isRunning: false, endsAt: null, ...(stepKey !== undefined && { stepKey }) };
}

function secondsLeft(endsAt: number, nowMs: number): number {
  return Math.max(0, Math.ceil((endsAt - nowMs) / 1000));
}

/** Starts a stopped timer or pauses a running one. A finished timer starts again from its full duration. */
export function toggleTimer(t: CookingTimer, nowMs: number): CookingTimer {
  if (t.isRunning && t.endsAt !== null) return { ...t, remaining: secondsLeft(t.endsAt, nowMs), isRunning: false, endsAt: null };
  const remaining = t.remaining > 0 ? t.remaining : t.duration;
  return { ...t, remaining, isRunning: true, endsAt: nowMs + remaining * 1000 };
}

/** Back to the full duration, stopped. */
export function resetTimer(t: CookingTimer): CookingTimer {
  return { ...t, remaining: t.duration, isRunning: false, endsAt: null };
}

/**
 * The timer at `nowMs`, read from the clock rather than counted, so ticks a sleeping tab missed are not lost.
 * `finished` is true once, on the tick that reaches zero, which stops the timer. An unchanged timer is returned as is.
 */
export function tickTimer(t: CookingTimer, nowMs: number): { timer: CookingTimer; finished: boolean } {
  if (!t.isRunning || t.endsAt === null) return { timer: t, finished: false };
  const remaining = secondsLeft(t.endsAt, nowMs);
  if (remaining === 0) return { timer: { ...t, remaining, isRunning: false, endsAt: null }, finished: true };
  return { timer: remaining === t.remaining ? t : { ...t, remaining }, finished: false };
}

/** "mm:ss" below an hour ("09:05"), "h:mm:ss" from an hour ("2:05:09"). */
export function formatTimer(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const [h, m] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60)];
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** The new-timer minutes field: decimals allowed, 1 to 1440 (a day); anything unreadable is the default 10. */
export function timerMinutesFromInput(value: string): number {
  const text = value.trim();
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) return DEFAULT_TIMER_MINUTES;
  return Math.min(MAX_TIMER_MINUTES, Math.max(1, Number(text)));
}

export function defaultTimerName(existingCount: number): string {
  return `Timer ${existingCount + 1}`;
}

/** The stored sound choice; anything unknown (or nothing stored) is the beep. */
export function timerSound(stored: string | null): TimerSound {
  return TIMER_SOUNDS.find((s) => s === stored) ?? DEFAULT_TIMER_SOUND;
}

/** A recipe's instructions as steps: one per non-blank line. */
export function instructionSteps(instructions: string): string[] {
  return instructions
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Prep plus cook minutes, counting a missing one as 0; null when neither is known. */
export function totalTime(prep: number | null, cook: number | null): number | null {
  return prep === null && cook === null ? null : (prep ?? 0) + (cook ?? 0);
}

/** Minutes as a recipe shows them: "45 min", "1 h", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
