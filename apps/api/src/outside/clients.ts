import type Stripe from "stripe";
import type { Config } from "../config";
import { fetchPage, type FetchedPage } from "../lib/safe-fetch";
import { jsonModel, type JsonModel } from "./json-model";
import { productLookup, type OffLookup } from "./open-food-facts";
import { stripeClient } from "./stripe";

/** Services outside Kim that procedures call, each through its official client. */
export interface OutsideClients {
  openFoodFacts(code: string): Promise<OffLookup>;
  /** A web page at a URL a user gave, fetched safely (see lib/safe-fetch); `signal` stops it early. */
  fetchPage(url: string, signal?: AbortSignal): Promise<FetchedPage>;
  /** An OpenAI-compatible model answering in JSON; null without OPENAI_API_KEY, so nothing calls out. */
  model: JsonModel | null;
  /** Stripe's official client; null without STRIPE_SECRET_KEY: the local trial mode. */
  stripe: Stripe | null;
}

const clientsOf = new WeakMap<Config, OutsideClients>();

/** The clients Kim uses in production, pointed where the configuration says: made once per configuration, so once a process. */
export function outsideClients(config: Config): OutsideClients {
  let clients = clientsOf.get(config);
  if (!clients) clientsOf.set(config, (clients = newClients(config)));
  return clients;
}

function newClients(config: Config): OutsideClients {
  return {
    openFoodFacts: productLookup(config.offApiUrl),
    fetchPage: (url, signal) => fetchPage(url, { allowPrivateNetwork: config.fetchAllowPrivateNetwork, signal }),
    model: config.openai ? jsonModel(config.openai) : null,
    stripe: config.stripe ? stripeClient(config.stripe) : null,
  };
}
