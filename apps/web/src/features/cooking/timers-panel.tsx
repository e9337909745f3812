import { useId, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { Pause, Play, Plus, RotateCcw, Trash2, Volume2 } from "lucide-react";
import {
  DEFAULT_TIMER_MINUTES,
  defaultTimerName,
  formatTimer,
  MAX_TIMER_MINUTES,
  TIMER_SOUNDS,
  timerMinutesFromInput,
  timerSound,
  type CookingTimer,
} from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@kim/ui/card";
import { Input } from "@kim/ui/input";
import { Label } from "@kim/ui/label";
import { NativeSelect } from "@kim/ui/native-select";
import { cn } from "@kim/ui/lib/utils";
import type { CookingTimers } from "./use-cooking-timers";
import { useTimerSound } from "./timer-sound-choice";
import { playTimerSound, unlockTimerAudio } from "./timer-sounds";

const SOUND_LABELS = { beep: "Beep", chime: "Chime", bell: "Bell", scream: "Scream" } as const;

export function TimersPanel({ timers }: { timers: CookingTimers }) {
  const headingId = useId();
  const formId = useId();
  const [sound, setSound] = useTimerSound();
  const toggleId = (timer: CookingTimer) => `${headingId}-toggle-${timer.id}`;
  // Focus stays in the list after a delete (on the next timer, else the previous one, else the form), not on the page.
  const remove = (timer: CookingTimer, index: number) => {
    const neighbour = timers.timers[index + 1] ?? timers.timers[index - 1];
    flushSync(() => timers.remove(timer.id));
    document.getElementById(neighbour ? toggleId(neighbour) : `${formId}-name`)?.focus();
  };
  return (
    <Card className="gap-4" role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <h2 id={headingId}>Timers</h2>
        </CardTitle>
        <div className="flex items-center gap-1">
          <Label htmlFor={`${headingId}-sound`} className="mr-1 font-normal text-muted-foreground">
            Sound
          </Label>
          {/* The browser's own select: the page draws without the widget library (decision 0033). */}
          <NativeSelect
            id={`${headingId}-sound`}
            className="w-28 [&_select]:h-9"
            value={sound}
            onChange={(e) => setSound(timerSound(e.target.value))}
          >
            {TIMER_SOUNDS.map((s) => (
              <option key={s} value={s}>
                {SOUND_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Play timer sound"
            title="Play timer sound"
            onClick={() => void unlockTimerAudio().then(() => playTimerSound(sound))}
          >
            <Volume2 aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AddTimerForm id={formId} count={timers.timers.length} onAdd={(name, seconds) => timers.add(name, seconds)} />
        {timers.timers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No timers yet. Add one, or start one from a step that names a time.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Timers">
            {timers.timers.map((timer, i) => (
              <TimerRow
                key={timer.id}
                timer={timer}
                toggleId={toggleId(timer)}
                onToggle={() => timers.toggle(timer.id)}
                onReset={() => timers.reset(timer.id)}
                onDelete={() => remove(timer, i)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function AddTimerForm({ id, count, onAdd }: { id: string; count: number; onAdd: (name: string, seconds: number) => void }) {
  const [name, setName] = useState("");
  const [minutes, setMinutes] = useState(String(DEFAULT_TIMER_MINUTES));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd(name.trim() || defaultTimerName(count), Math.round(timerMinutesFromInput(minutes) * 60));
    setName("");
    setMinutes(String(DEFAULT_TIMER_MINUTES));
  };
  return (
    // noValidate: the spec reads any minutes typed (below 1 is 1, unreadable is 10) instead of refusing them.
    <form aria-label="Add a timer" noValidate onSubmit={submit} className="grid grid-cols-[minmax(0,1fr)_5.5rem] items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Timer name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={50}
          placeholder={defaultTimerName(count)}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-minutes`}>Minutes</Label>
        <Input
          id={`${id}-minutes`}
          type="number"
          inputMode="decimal"
          min={1}
          max={MAX_TIMER_MINUTES}
          step="any"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" className="col-span-2">
        <Plus aria-hidden="true" />
        Add Timer
      </Button>
    </form>
  );
}

interface TimerRowProps {
  timer: CookingTimer;
  toggleId: string;
  onToggle: () => void;
  onReset: () => void;
  onDelete: () => void;
}

function TimerRow({ timer, toggleId, onToggle, onReset, onDelete }: TimerRowProps) {
  const done = !timer.isRunning && timer.remaining === 0;
  return (
    <li
      data-testid="timer"
      data-timer-id={timer.id}
      className={cn(
        "grid gap-1 rounded-lg border p-3",
        timer.isRunning && "border-primary/60 bg-primary/5",
        done && "border-destructive/60 bg-destructive/5",
      )}
    >
      <div className="flex min-w-0 items-center gap-2">
        <p className="truncate text-sm font-medium" title={timer.name}>
          {timer.name}
        </p>
        {done ? <Badge variant="destructive">Done</Badge> : null}
      </div>
      {/* The buttons go under the time when both don't fit (a phone, hours on the clock). */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Not a live region: a countdown read out every second would drown all else. The finish toast is announced. */}
        <p data-testid="timer-time" className="text-3xl font-semibold tracking-tight tabular-nums">
          {formatTimer(timer.remaining)}
        </p>
        <div className="flex items-center gap-1">
          <Button
            id={toggleId}
            size="sm"
            variant={timer.isRunning ? "outline" : "default"}
            className="w-24"
            aria-label={`${timer.isRunning ? "Pause" : "Start"} ${timer.name}`}
            onClick={onToggle}
          >
            {timer.isRunning ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {timer.isRunning ? "Pause" : "Start"}
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Reset ${timer.name}`} title="Reset" onClick={onReset}>
            <RotateCcw aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${timer.name}`}
            title="Delete"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * The running timers (and those just done) pinned to the bottom of a phone's screen while the panel is scrolled out
 * of view, so a cook reading the steps below still sees them count down. Wide screens show the panel beside the steps.
 */
export function RunningTimersBar({ timers, pinned }: { timers: CookingTimers; pinned: boolean }) {
  const shown = timers.timers.filter((t) => t.isRunning || t.remaining === 0);
  if (shown.length === 0) return null;
  const bar = "border-t px-4 py-2 lg:hidden";
  const rows = (
    <ul className="mx-auto grid max-w-md gap-1">
      {shown.map((timer) => (
        <li key={timer.id} data-testid="running-timer" className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-sm" title={timer.name}>
            {timer.name}
          </span>
          {timer.isRunning ? null : <Badge variant="destructive">Done</Badge>}
          <span className="text-lg font-semibold tabular-nums">{formatTimer(timer.remaining)}</span>
          {/* A running timer pauses from here; a finished one resets. */}
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`${timer.isRunning ? "Pause" : "Reset"} ${timer.name}`}
            onClick={() => (timer.isRunning ? timers.toggle(timer.id) : timers.reset(timer.id))}
          >
            {timer.isRunning ? <Pause aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
          </Button>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {/* Room at the end of the page for the bar: an invisible copy of it, so exactly its height (a row a timer). Kept
          while timers run, not only once pinned: the bar pins as the cook scrolls down, and room added then would leave
          the page's end ("I cooked this") under it. */}
      <div aria-hidden="true" className={cn("invisible", bar)}>
        {rows}
      </div>
      {pinned ? (
        <section
          aria-label="Running timers"
          className={cn("fixed inset-x-0 bottom-0 z-20 bg-background/95 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] backdrop-blur", bar)}
        >
          {rows}
        </section>
      ) : null}
    </>
  );
}
