import { useRef, useState } from "react";
import { useMutation, type MutateOptions, type UseMutationOptions } from "@tanstack/react-query";

export type SingleFlightOptions<TOutput, TInput> = Omit<UseMutationOptions<TOutput, Error, TInput>, "mutationFn">;

/**
 * A mutation that counts as pending from the call itself (TanStack's own state arrives a task later, after a fast
 * second click), so its button is disabled at once; the same input sent while it is on its way joins that call
 * instead of sending again.
 */
export function useSingleFlightMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  options: SingleFlightOptions<TOutput, TInput> = {},
) {
  const [sending, setSending] = useState(0);
  const inFlight = useRef(new Map<string, Promise<TOutput>>());
  const mutation = useMutation({ ...options, mutationFn });

  const mutateAsync = (input: TInput, callOptions?: MutateOptions<TOutput, Error, TInput>): Promise<TOutput> => {
    const body = JSON.stringify(input);
    const running = inFlight.current.get(body);
    if (running) return running;
    setSending((n) => n + 1);
    const call = mutation.mutateAsync(input, callOptions).finally(() => {
      inFlight.current.delete(body);
      setSending((n) => n - 1);
    });
    inFlight.current.set(body, call);
    return call;
  };
  // Like TanStack's mutate: failures are reported through onError, not thrown.
  const mutate = (input: TInput, callOptions?: MutateOptions<TOutput, Error, TInput>) =>
    void mutateAsync(input, callOptions).catch(() => {});

  return { ...mutation, mutate, mutateAsync, isPending: mutation.isPending || sending > 0 };
}
