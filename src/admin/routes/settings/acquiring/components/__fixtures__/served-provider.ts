import type {
  EffectiveValues,
  ProviderSettings,
} from "../../../../../lib/settings-api"

/** The card provider as the settings answer lists it, served by medusa-config with these values in force. */
export function servedProvider(inherited: EffectiveValues): ProviderSettings {
  return {
    id: "pp_acquiring-card_acquiring",
    identifier: "acquiring-card",
    notify_url: null,
    account_id: null,
    serving: "config",
    config_complete: true,
    effective: inherited,
    inherited,
  }
}
