import { describe, expect, it } from "vitest";
import { createTimer, findStepDurations, toggleTimer } from "@kim/domain";
import { durationLabel, findStepTimer, stepTimer, stepTimerName } from "./step-timer";

const names = (step: string) => findStepDurations(step).map((d) => stepTimerName(2, step, d));

describe("stepTimerName", () => {
  it("names the action before the duration, without the filler", () => {
    expect(names("Bake for 25 minutes, until golden.")).toEqual(["Step 2: Bake"]);
    expect(names("Then bake for 1 hour 30 minutes.")).toEqual(["Step 2: Bake"]);
    expect(names("Cook for at least 5 min")).toEqual(["Step 2: Cook"]);
    expect(names("In a large pan, fry the onions for 8 minutes; season.")).toEqual(["Step 2: Fry the onions"]);
  });

  it("keeps it short, with an ellipsis where it cuts a longer phrase", () => {
    expect(names("Simmer the tomato sauce gently for about 10 minutes")).toEqual(["Step 2: Simmer the tomato…"]);
    expect(names("Keep the resulting marinated chicken aside for about 30 minutes")).toEqual(["Step 2: Keep the resulting…"]);
    expect(names("Fry the onions for 8 minutes")).toEqual(["Step 2: Fry the onions"]);
  });

  it("takes the words after the duration when none come before", () => {
    expect(names("After 10 minutes, stir until thick.")).toEqual(["Step 2: Stir until thick"]);
    expect(names("25 minutes.")).toEqual(["Step 2"]);
  });

  it("names each duration of a step", () => {
    expect(names("Boil the pasta for 10 minutes, then rest it for 2 minutes.")).toEqual(["Step 2: Boil the pasta", "Step 2: Rest it"]);
  });

  it("names each of two equal durations from its own place", () => {
    expect(names("Fry the onions for 5 minutes, add the garlic and fry 5 minutes more.")).toEqual([
      "Step 2: Fry the onions",
      "Step 2: Add the garlic…",
    ]);
  });
});

describe("durationLabel", () => {
  it("reads like the recipe's times, with seconds when there are any", () => {
    expect([25 * 60, 90 * 60, 90, 45].map(durationLabel)).toEqual(["25 min", "1 h 30 min", "1 min 30 s", "45 s"]);
  });
});

describe("findStepTimer", () => {
  const bakeStep = { key: "2@9", name: "Step 2: Bake", seconds: 25 * 60 };
  const bake = createTimer("1", "Step 2: Bake", 25 * 60, "2@9");
  const finished = { ...bake, id: "0", remaining: 0 };

  it("finds the step's timer whether it runs, is paused or has finished", () => {
    const running = toggleTimer(bake, 0);
    expect(findStepTimer([running], bakeStep)).toBe(running);
    expect(findStepTimer([bake], bakeStep)).toBe(bake);
    expect(findStepTimer([finished], bakeStep)).toBe(finished);
  });

  it("prefers the timer that still counts to a finished one", () => {
    expect(findStepTimer([finished, bake], bakeStep)).toBe(bake);
  });

  it("leaves out timers of another step duration or length", () => {
    expect(findStepTimer([bake], { ...bakeStep, key: "3@9" })).toBeUndefined();
    expect(findStepTimer([bake], { ...bakeStep, seconds: 10 * 60 })).toBeUndefined();
  });

  it("gives two equal durations of one step a timer each", () => {
    const step = "Bake for 10 minutes, stir, then bake for 10 minutes more.";
    const [first, second] = findStepDurations(step).map((d) => stepTimer(2, step, d));
    expect(first!.name).toBe(second!.name);
    const started = toggleTimer(createTimer("1", first!.name, first!.seconds, first!.key), 0);
    expect(findStepTimer([started], first!)).toBe(started);
    expect(findStepTimer([started], second!)).toBeUndefined();
  });

  it("names a timer by its action in other languages too, past their filler words", () => {
    expect(names("Im Ofen 45 Minuten backen, dann 20 Minuten ruhen lassen.")).toEqual(["Step 2: Im Ofen", "Step 2: Ruhen lassen"]);
  });

  it("finds a timer saved before step timers had keys by its name, named then without the ellipsis", () => {
    const saved = createTimer("1", "Step 2: Bake", 25 * 60);
    expect(findStepTimer([saved], bakeStep)).toBe(saved);
    const step = "Keep the resulting mixture warm for 10 minutes.";
    const long = stepTimer(6, step, findStepDurations(step)[0]!);
    expect(long.name).toBe("Step 6: Keep the resulting…");
    const before = createTimer("2", "Step 6: Keep the resulting", 10 * 60);
    expect(findStepTimer([before], long)).toBe(before);
  });
});
