import type { TimerSound } from "@kim/domain";

/**
 * The timer sounds, synthesised with the Web Audio API: no audio files to download, cache or license. Browsers only
 * let a page make sound after the cook has interacted with it, so the context is created (or resumed) on a click
 * (starting a timer, trying a sound) and the finish plays through that same context later.
 */

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (!context && "AudioContext" in window) context = new AudioContext();
  return context;
}

/** Call from a click or key press, so that a timer finishing later may play its sound. */
export async function unlockTimerAudio(): Promise<void> {
  const ctx = audioContext();
  if (ctx?.state === "suspended") await ctx.resume().catch(() => {});
}

interface Tone {
  type: OscillatorType;
  frequency: number;
  /** Seconds after the sound starts. */
  at: number;
  duration: number;
  volume: number;
}

/** One note with a quick attack and an exponential fade; answers the oscillator for pitch changes. */
function tone(ctx: AudioContext, start: number, { type, frequency, at, duration, volume }: Tone): OscillatorNode {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  const begin = start + at;
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, begin);
  gain.gain.setValueAtTime(0.0001, begin);
  gain.gain.exponentialRampToValueAtTime(volume, begin + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, begin + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(begin);
  oscillator.stop(begin + duration + 0.05);
  return oscillator;
}

const SOUNDS: Record<TimerSound, (ctx: AudioContext, start: number) => void> = {
  beep: (ctx, start) => {
    tone(ctx, start, { type: "square", frequency: 880, at: 0, duration: 0.6, volume: 0.15 });
  },
  // A rising major arpeggio that rings on.
  chime: (ctx, start) => {
    [1046.5, 1318.5, 1568].forEach((frequency, i) => {
      tone(ctx, start, { type: "sine", frequency, at: i * 0.18, duration: 1.6, volume: 0.25 });
    });
  },
  // Three strikes; the inharmonic overtones are what make a bell sound like a bell.
  bell: (ctx, start) => {
    for (let strike = 0; strike < 3; strike++) {
      for (const [ratio, volume] of [
        [1, 0.3],
        [2.76, 0.12],
        [5.4, 0.06],
      ] as const) {
        tone(ctx, start, { type: "sine", frequency: 660 * ratio, at: strike * 0.8, duration: 1.4, volume });
      }
    }
  },
  // A wailing sawtooth: rises, falls, with a fast wobble.
  scream: (ctx, start) => {
    const voice = tone(ctx, start, { type: "sawtooth", frequency: 500, at: 0, duration: 1.4, volume: 0.12 });
    voice.frequency.linearRampToValueAtTime(1400, start + 0.5);
    voice.frequency.linearRampToValueAtTime(600, start + 1.4);
    const wobble = ctx.createOscillator();
    const depth = ctx.createGain();
    wobble.frequency.value = 14;
    depth.gain.value = 60;
    wobble.connect(depth).connect(voice.frequency);
    wobble.start(start);
    wobble.stop(start + 1.45);
  },
};

export function playTimerSound(sound: TimerSound): void {
  const ctx = audioContext();
  // A context the browser has not let start would keep the notes and play them late, at the cook's next click.
  if (ctx?.state === "running") SOUNDS[sound](ctx, ctx.currentTime + 0.05);
}
