import { describe, expect, it } from "vitest";
import {
  createTimer,
  DEFAULT_TIMER_SOUND,
  defaultTimerName,
  findStepDurations,
  formatMinutes,
  formatTimer,
  instructionSteps,
  resetTimer,
  tickTimer,
  timerMinutesFromInput,
  timerSound,
  toggleTimer,
  totalTime,
} from "./cooking";

describe("step durations", () => {
  const durations = (step: string) => findStepDurations(step).map(({ seconds, text }) => ({ seconds, text }));

  it.each([
    ["Bake for 25 minutes.", 1500, "25 minutes"],
    ["Simmer 1 to 2 hours, until tender.", 3600, "1 to 2 hours"],
    ["Roast 10-15 mins", 600, "10-15 mins"],
    ["Roast 10 – 15 minutes", 600, "10 – 15 minutes"],
    ["Cook 5 or 6 minutes", 300, "5 or 6 minutes"],
    ["Braise 1 hour 15 minutes", 4500, "1 hour 15 minutes"],
    ["Braise 1 hour and 15 minutes", 4500, "1 hour and 15 minutes"],
    ["Braise 1 hr, 15 min", 4500, "1 hr, 15 min"],
    ["Whisk 1 minute 30 seconds", 90, "1 minute 30 seconds"],
    ["Let rise 1 1/2 hours", 5400, "1 1/2 hours"],
    ["Let rise 1 1/2 - 2 hours", 5400, "1 1/2 - 2 hours"],
    ["Let rise 1½ hours", 5400, "1½ hours"],
    ["Rest ½ hour", 1800, "½ hour"],
    ["Rest 1.5 hours", 5400, "1.5 hours"],
    ["Chill for an hour", 3600, "an hour"],
    ["Stir for a minute", 60, "a minute"],
    ["Chill half an hour", 1800, "half an hour"],
    ["Chill a half hour", 1800, "a half hour"],
    ["Roast an hour and a half", 5400, "an hour and a half"],
    ["Roast one and a half hours", 5400, "one and a half hours"],
    ["Boil 30 seconds", 30, "30 seconds"],
    ["Boil 30 secs", 30, "30 secs"],
    ["Bake 2 hrs", 7200, "2 hrs"],
    ["Bake 5 min. Serve.", 300, "5 min"],
    ["Bake 10min", 600, "10min"],
    ["Smoke 1h30", 5400, "1h30"],
    ["Smoke 1h30m", 5400, "1h30m"],
    ["Smoke 1h 30m", 5400, "1h 30m"],
    ["Smoke 2h", 7200, "2h"],
    ["Smoke 1h 30 min", 5400, "1h 30 min"],
    ["Cook for two minutes", 120, "two minutes"],
    ["Cook for Twenty-Five Minutes", 1500, "Twenty-Five Minutes"],
    ["Cook fifteen minutes", 900, "fifteen minutes"],
    ["Stir one or two minutes", 60, "one or two minutes"],
    ["Give it a 10-minute rest", 600, "10-minute"],
    ["Rest (about 20 minutes)", 1200, "20 minutes"],
    ["Marinate 24 hours", 86400, "24 hours"],
  ])("finds %j: %d s in %j", (step, seconds, text) => {
    expect(findStepDurations(step)).toEqual([{ seconds, text, index: step.indexOf(text) }]);
  });

  it("reads no hour in an English step's 'time' or 'timer'", () => {
    expect(findStepDurations("Stir 1 time and serve.")).toEqual([]);
    expect(findStepDurations("Use 1 timer for each tray.")).toEqual([]);
    expect(findStepDurations("La deigen heve i 1 time.").map((d) => d.seconds)).toEqual([3600]);
  });

  it("finds several durations in order", () => {
    expect(durations("Sear 3 minutes per side, then roast at 200°C for 1 hour 10 minutes and rest 10 minutes.")).toEqual([
      { seconds: 180, text: "3 minutes" },
      { seconds: 4200, text: "1 hour 10 minutes" },
      { seconds: 600, text: "10 minutes" },
    ]);
  });

  it("tells two equal durations apart by where each starts", () => {
    expect(findStepDurations("Bake 10 minutes, stir, then bake 10 minutes more.")).toEqual([
      { seconds: 600, text: "10 minutes", index: 5 },
      { seconds: 600, text: "10 minutes", index: 33 },
    ]);
  });

  it("keeps a range and what follows it apart", () => {
    expect(durations("Bake 1-2 hours 30 minutes")).toEqual([
      { seconds: 3600, text: "1-2 hours" },
      { seconds: 1800, text: "30 minutes" },
    ]);
  });

  it("joins only a larger unit to a smaller one", () => {
    expect(durations("Cook 10 minutes 2 hours")).toEqual([
      { seconds: 600, text: "10 minutes" },
      { seconds: 7200, text: "2 hours" },
    ]);
  });

  it.each([
    "Preheat the oven to 350 degrees.",
    "Grease a 9x13 pan.",
    "Heat to 180°C",
    "Add 2 cups of flour",
    "Step 3",
    "Season the minute steak",
    "Sear a minute steak",
    "Sear 2 minute steaks",
    "Roll to 15cm",
    "Rest 45 m",
    "Rest 45m",
    "Add a second egg",
    "Rest for a few minutes",
    "Bake 0 minutes",
    "Marinate for 48 hours",
    "Add 1/0 hours",
    "Rest 1h75",
    "Stir in the ham",
    "",
  ])("finds no duration in %j", (step) => {
    expect(findStepDurations(step)).toEqual([]);
  });

  it("reads no unit inside a longer word", () => {
    expect(durations("Wait a minimum of 2 hours")).toEqual([{ seconds: 7200, text: "2 hours" }]);
    expect(findStepDurations("Add 2 secret spices")).toEqual([]);
  });
});

describe("step durations in the languages imports serve", () => {
  const found = (step: string) => findStepDurations(step).map((d) => [d.seconds, d.text]);

  it.each([
    // German
    ["Die Soße ca. 20 Minuten köcheln lassen.", 1200, "20 Minuten"],
    ["weitere 10 - 15 Minuten garen", 600, "10 - 15 Minuten"],
    ["ca. 1 Stunde marinieren", 3600, "1 Stunde"],
    ["5–7 Minuten anbraten", 300, "5–7 Minuten"],
    ["10 bis 15 Minuten backen", 600, "10 bis 15 Minuten"],
    ["ca.20 Min. backen", 1200, "20 Min"],
    ["etwa 2 Std. ruhen lassen", 7200, "2 Std"],
    ["30 Sekunden mixen", 30, "30 Sekunden"],
    // Dutch
    ["6-8 minuten bakken", 360, "6-8 minuten"],
    ["Laat het deeg 1 uur rijzen", 3600, "1 uur"],
    ["5 tot 10 minuten koken", 300, "5 tot 10 minuten"],
    ["30 seconden roeren", 30, "30 seconden"],
    // Danish, Norwegian, Swedish
    ["Kog i 20-30 minutter", 1200, "20-30 minutter"],
    ["Rør 45-60 sekunder", 45, "45-60 sekunder"],
    ["Lad det hvile 4-6 timer", 14400, "4-6 timer"],
    ["La deigen heve 1 time", 3600, "1 time"],
    ["Grädda i 15 minuter", 900, "15 minuter"],
    ["Låt vila 2 timmar", 7200, "2 timmar"],
    // Spanish, Portuguese
    ["Batir 30 segundos", 30, "30 segundos"],
    ["Asse por 25-30 minutos", 1500, "25-30 minutos"],
    ["Cocinar de 5 a 10 minutos", 300, "5 a 10 minutos"],
    ["Deixe descansar 1 hora", 3600, "1 hora"],
    // French
    ["Laisser reposer 1 heure", 3600, "1 heure"],
    ["Cuire 3 1/2 heures", 12600, "3 1/2 heures"],
    ["Cuire 1 h au four", 3600, "1 h"],
    ["Cuire 1 h 30 au four", 5400, "1 h 30"],
    ["Cuire 5 à 10 minutes", 300, "5 à 10 minutes"],
    // Italian
    ["Cuocere per 5 minuti", 300, "5 minuti"],
    ["Lasciare riposare per 1 ora", 3600, "1 ora"],
    ["Lievitare 2 ore", 7200, "2 ore"],
    // Polish, Czech
    ["Gotować 30 minut", 1800, "30 minut"],
    ["Piec 10 do 15 minut", 600, "10 do 15 minut"],
    ["Marynować 2 godziny", 7200, "2 godziny"],
    ["Vařte 1 hodinu", 3600, "1 hodinu"],
    // Hungarian, Turkish, Greek
    ["Süsd 20 percig", 1200, "20 percig"],
    ["Pihentesd 1 órát", 3600, "1 órát"],
    ["10 dakika pişirin", 600, "10 dakika"],
    ["1 saat dinlendirin", 3600, "1 saat"],
    ["Ψήστε για 12-14 λεπτά", 720, "12-14 λεπτά"],
    ["Αφήστε 1 ώρα", 3600, "1 ώρα"],
    // Japanese, Chinese
    ["弱火で3分焼く", 180, "3分"],
    ["煮込む15分钟", 900, "15分钟"],
    ["2時間寝かせる", 7200, "2時間"],
    ["炖2个小时", 7200, "2个小时"],
    ["蒸30秒", 30, "30秒"],
  ])("finds %j: %d s in %j", (step, seconds, text) => {
    expect(found(step)).toEqual([[seconds, text]]);
  });

  it.each([
    // English "time" and number words are no Norwegian hour.
    "Add the eggs 1 at a time",
    "Add the eggs one at a time",
    "Use 2 timers",
    // Italian "ora" is also "now".
    "Aggiungete 2 ora il sale",
    // An h that starts a word, or stands alone.
    "Add 5 hot dogs",
    "Add the h",
    // "3分の1" and "3分之1" are a third.
    "砂糖3分の1カップ",
    "加入3分之1的糖",
  ])("finds no duration in %j", (step) => {
    expect(findStepDurations(step)).toEqual([]);
  });
});

describe("cooking timer", () => {
  const t0 = 1_700_000_000_000;

  it("is created stopped at its full duration", () => {
    expect(createTimer("t1", "Pasta", 600)).toEqual({
      id: "t1",
      name: "Pasta",
      duration: 600,
      remaining: 600,
      isRunning: false,
      endsAt: null,
    });
    expect(createTimer("t1", "Step 2: Bake", 600, "2@5")).toMatchObject({ name: "Step 2: Bake", stepKey: "2@5" });
  });

  it("runs from the clock, so a sleeping tab keeps true time", () => {
    const running = toggleTimer(createTimer("t1", "Pasta", 600), t0);
    expect(running).toMatchObject({ isRunning: true, endsAt: t0 + 600_000, remaining: 600 });
    expect(tickTimer(running, t0 + 1000).timer.remaining).toBe(599);
    expect(tickTimer(running, t0 + 1).timer.remaining).toBe(600);
    expect(tickTimer(running, t0 + 5 * 60_000 + 500).timer.remaining).toBe(300);
  });

  it("returns an unchanged timer as is", () => {
    const running = toggleTimer(createTimer("t1", "Pasta", 600), t0);
    expect(tickTimer(running, t0 + 200).timer).toBe(running);
    const stopped = createTimer("t2", "Rice", 60);
    expect(tickTimer(stopped, t0 + 5000)).toEqual({ timer: stopped, finished: false });
  });

  it("pauses and resumes with the time left", () => {
    const paused = toggleTimer(toggleTimer(createTimer("t1", "Pasta", 600), t0), t0 + 100_000);
    expect(paused).toMatchObject({ isRunning: false, endsAt: null, remaining: 500 });
    expect(tickTimer(paused, t0 + 900_000).timer.remaining).toBe(500);
    const resumed = toggleTimer(paused, t0 + 900_000);
    expect(resumed).toMatchObject({ isRunning: true, endsAt: t0 + 1_400_000 });
  });

  it("finishes once, stopping at zero", () => {
    const running = toggleTimer(createTimer("t1", "Egg", 5), t0);
    expect(tickTimer(running, t0 + 4000)).toMatchObject({ finished: false, timer: { remaining: 1, isRunning: true } });
    const done = tickTimer(running, t0 + 60_000);
    expect(done).toEqual({ finished: true, timer: { ...running, remaining: 0, isRunning: false, endsAt: null } });
    expect(tickTimer(done.timer, t0 + 61_000).finished).toBe(false);
  });

  it("starts a finished timer again from its full duration", () => {
    const done = tickTimer(toggleTimer(createTimer("t1", "Egg", 5), t0), t0 + 5000).timer;
    expect(toggleTimer(done, t0 + 9000)).toMatchObject({ isRunning: true, remaining: 5, endsAt: t0 + 14_000 });
  });

  it("resets to the full duration, stopped", () => {
    const running = toggleTimer(createTimer("t1", "Egg", 300), t0);
    const later = tickTimer(running, t0 + 100_000).timer;
    expect(resetTimer(later)).toEqual(createTimer("t1", "Egg", 300));
  });
});

describe("timer display and input", () => {
  it.each([
    [0, "00:00"],
    [545, "09:05"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [7509, "2:05:09"],
    [86400, "24:00:00"],
    [-3, "00:00"],
  ])("shows %d seconds as %j", (seconds, text) => {
    expect(formatTimer(seconds)).toBe(text);
  });

  it.each([
    ["", 10],
    ["abc", 10],
    ["5abc", 10],
    ["1e2", 10],
    ["0", 1],
    ["-5", 1],
    ["0.5", 1],
    ["2.5", 2.5],
    [" 15 ", 15],
    ["1440", 1440],
    ["5000", 1440],
  ])("reads the minutes field %j as %d", (value, minutes) => {
    expect(timerMinutesFromInput(value)).toBe(minutes);
  });

  it("names a new timer after those there are", () => {
    expect(defaultTimerName(0)).toBe("Timer 1");
    expect(defaultTimerName(2)).toBe("Timer 3");
  });

  it("reads the stored sound, falling back to the beep", () => {
    expect(timerSound("scream")).toBe("scream");
    expect(timerSound("chime")).toBe("chime");
    expect(timerSound("siren")).toBe("beep");
    expect(timerSound(null)).toBe(DEFAULT_TIMER_SOUND);
  });
});

describe("recipe steps and times", () => {
  it("splits instructions into trimmed, non-blank lines", () => {
    expect(instructionSteps("  Boil water.\r\n\n   \nAdd pasta.  \rDrain.")).toEqual(["Boil water.", "Add pasta.", "Drain."]);
    expect(instructionSteps("  \n ")).toEqual([]);
  });

  it("adds prep and cook time, null when neither is known", () => {
    expect(totalTime(15, 30)).toBe(45);
    expect(totalTime(null, 30)).toBe(30);
    expect(totalTime(20, null)).toBe(20);
    expect(totalTime(null, null)).toBeNull();
    expect(totalTime(0, 0)).toBe(0);
  });

  it.each([
    [0, "0 min"],
    [45, "45 min"],
    [60, "1 h"],
    [90, "1 h 30 min"],
    [125, "2 h 5 min"],
  ])("shows %d minutes as %j", (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
