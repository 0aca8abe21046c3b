import type { Config } from "../config.js";
import type { DB } from "../db/database.js";
import { type LocalProvider, localProvider, localWebhookSecret } from "./local-provider.js";
import type { PaymentProvider } from "./provider.js";
import { stripeProvider } from "./stripe-provider.js";

/** Stripe when a secret key is configured, otherwise the built-in local provider. */
export function createPaymentProvider(config: Config, db: DB): PaymentProvider | LocalProvider {
  if (config.STRIPE_SECRET_KEY) {
    return stripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? "",
      pricePro: config.STRIPE_PRICE_PRO ?? "",
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return localProvider({ db, baseUrl: config.BASE_URL, webhookSecret: localWebhookSecret(config.AUTH_SECRET) });
}
