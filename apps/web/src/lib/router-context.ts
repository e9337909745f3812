import type { QueryClient } from "@tanstack/react-query";
import type { TrpcClient, TrpcUtils } from "./trpc";

/** What every route's loader and component get from the router: its own module, so routes need not import the router. */
export interface RouterContext {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  trpc: TrpcUtils;
}
