/** The wait before trying again after `failures` failed tries: `firstMs`, then twice as long each time, up to a minute. */
export function retryDelay(failures: number, firstMs: number): number {
  return Math.min(60_000, firstMs * 2 ** failures);
}
