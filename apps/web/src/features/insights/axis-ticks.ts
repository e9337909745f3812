/** Whole-number steps of 1, 2 or 5 times a power of ten, at most five above zero, the last at or above `most`. */
export function axisTicks(most: number): number[] {
  let step = 1;
  for (let scale = 1; Math.ceil(most / step) > 5; scale *= 10) {
    step = [1, 2, 5].map((n) => n * scale).find((s) => Math.ceil(most / s) <= 5) ?? 10 * scale;
  }
  const top = Math.max(step, Math.ceil(most / step) * step);
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}
