/**
 * Create or edit an acquiring account in a drawer, as Medusa's settings
 * pages edit records. A field is marked required unless medusa-config (or a
 * default) supplies it, and then says what a blank leaves in force; every
 * refused field, the form's or the server's, is named beside it and focus
 * goes to the first.
 */
import { Alert, Button, Drawer, Label, Switch } from "@medusajs/ui"
import { useState, type ReactNode } from "react"
import { MAX_RETENTION_DAYS } from "../../../../../admin-contract/option-fields"
import { useFocusFirstRefused } from "../../../../hooks/forms/use-focus-first-refused"
import { useStoreScopes } from "../../../../hooks/settings/use-store-scopes"
import type { Account, ProviderSettings } from "../../../../lib/settings-api"
import {
  fallbackOf,
  isRequired,
  OPTION_OF_FIELD,
  servedProviders,
  type InheritingField,
} from "./account-fallbacks"
import {
  emptyForm,
  FALLBACK_FIELDS,
  formOf,
  isFallbackField,
  type AccountForm,
  type FallbackField,
  type FormErrors,
} from "./account-form"
import { useAccountSubmit } from "./account-submit"
import {
  CAPTURE_CHOICES,
  inForceText,
  optionValueText,
  THREE_D_SECURE_CHOICES,
} from "./option-values"
import { retentionBlankText } from "./retention-form"
import { thresholdBlankText } from "./chargeback-threshold-form"
import { methodBlankText } from "./method-preferences-form"
import { SignKeyField } from "./sign-key-field"
import { ChoiceField } from "./choice-field"
import { DrawerHeading } from "./drawer-heading"
import { AvailabilityField } from "./availability-rules-editor"
import { ThreeDSecureRulesField } from "./three-d-secure-rules-editor"
import { StatementDescriptorField } from "./statement-descriptor-field"
import {
  inheritedSecureRules,
  threeDSecureInForce,
} from "./authentication-form"
import {
  BACKEND_HINT,
  defaultMode,
  modeHint,
  STOREFRONT_HINT,
  WEBSITE_HINT,
} from "./account-hints"
import { TextField } from "./text-field"
import {
  AdvancedField,
  ModeField,
  ProvidersField,
  ScopeFields,
} from "./account-fields"

/** The retention job is store-wide: it keeps what the longest period says. */
const RETENTION_STORE_WIDE =
  "The daily job applies the longest period any account or medusa-config entry sets."

/** Where the method codes are checked: the acquirer is asked about a saved account's. */
const METHODS_CHECKED =
  "Once the account is saved, a code the acquirer does not offer it is flagged before it is kept."

type TextKey = {
  [K in keyof AccountForm]: AccountForm[K] extends string ? K : never
}[keyof AccountForm]

export function AccountDrawer({
  open,
  onOpenChange,
  account,
  encryptionReady,
  signKeyFromConfig,
  providerIds,
  providers = [],
  accounts = [],
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  account?: Account
  /** every account: whether disabling this one leaves a provider without one */
  accounts?: Account[]
  /** the control that opened the drawer: focus goes back to it on close */
  returnFocusTo?: HTMLElement | null
  encryptionReady: boolean
  /** used only without `providers` */
  signKeyFromConfig: boolean
  providerIds: string[]
  /** the providers' effective values: what a blank field falls back on */
  providers?: ProviderSettings[]
}) {
  const [form, setForm] = useState<AccountForm>(() =>
    account ? formOf(account) : emptyForm(defaultMode(providers))
  )
  // the account as the drawer opened it: an edit sends only what changed since
  const [saved] = useState(() => (account ? formOf(account) : undefined))
  const [errors, setErrors] = useState<FormErrors>({})
  const [formError, setFormError] = useState<string>()
  // bumped on each refusal: focus then goes to the first refused field
  const { bodyRef, refused } = useFocusFirstRefused<HTMLDivElement>()
  const scopes = useStoreScopes()

  const served = servedProviders(providers, form.providers)
  const fallback = (field: InheritingField) => fallbackOf(field, served)
  const required = new Set<FallbackField>(
    FALLBACK_FIELDS.filter((field) =>
      field === "sign_key"
        ? !account?.sign_key_set &&
          (served.length ? isRequired(fallback(field)) : !signKeyFromConfig)
        : isRequired(fallback(field))
    )
  )
  /** "Left blank: 30000 ms (default)", when something stands in for a blank */
  const leftBlank = (field: InheritingField): string | undefined => {
    const f = fallback(field)
    return f.kind === "value"
      ? `Left blank: ${inForceText(OPTION_OF_FIELD[field], f.value, f.source)}.`
      : undefined
  }
  const inheritLabel = (field: "three_d_secure" | "capture_on") => {
    const f = fallback(field)
    if (f.kind !== "value") return "From medusa-config, else the default"
    return `${f.source === "config" ? "From medusa-config" : "Default"}: ${optionValueText(OPTION_OF_FIELD[field], f.value)}`
  }

  const set = <K extends keyof AccountForm>(key: K, value: AccountForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const refuse = (found: FormErrors, rest?: string) => {
    setErrors(found)
    setFormError(rest)
    refused()
  }
  const { submit, pending } = useAccountSubmit({
    account,
    saved,
    accounts,
    providers,
    refuse,
    onSaved: () => onOpenChange(false),
  })

  const text = (
    key: TextKey,
    label: string,
    options: {
      hint?: ReactNode
      placeholder?: string
      /** always required, whatever medusa-config holds */
      required?: boolean
      /** may be left to medusa-config or a default */
      inherits?: InheritingField
      /** blank means something of its own (every currency, no overrides) */
      optional?: boolean
      /** what a blank leaves in force, for a field outside `inherits` */
      blank?: string
    } = {}
  ) => {
    const { inherits } = options
    return (
      <TextField
        id={key}
        label={label}
        value={form[key]}
        onChange={(value) => set(key, value)}
        error={errors[key]}
        hint={options.hint}
        blank={options.blank ?? (inherits && leftBlank(inherits))}
        placeholder={options.placeholder}
        optional={options.optional}
        required={
          options.required ||
          (inherits !== undefined &&
            isFallbackField(inherits) &&
            required.has(inherits))
        }
      />
    )
  }

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content
        onCloseAutoFocus={(event) => {
          // no Drawer.Trigger: Radix would leave focus on <body>
          if (!returnFocusTo?.isConnected) return
          event.preventDefault()
          returnFocusTo.focus()
        }}
      >
        <DrawerHeading
          title={account ? `Edit ${account.name}` : "Add acquiring account"}
          description="Fields marked * are required."
        />
        <Drawer.Body
          ref={bodyRef}
          className="flex flex-col gap-y-4 overflow-y-auto"
        >
          {formError && (
            <Alert
              variant="error"
              role="alert"
              tabIndex={-1}
              data-form-error=""
              data-testid="error-form"
            >
              {formError}
            </Alert>
          )}
          {text("name", "Name", {
            required: true,
            placeholder: "Main account",
          })}
          <ModeField
            value={form.mode}
            hint={modeHint(providers)}
            error={errors.mode}
            onChange={(v) => set("mode", v)}
          />
          {text("merchant_id", "Merchant ID", { required: true })}
          {text("account_id", "Account ID", { required: true })}
          <SignKeyField
            key={account?.id ?? "new"}
            isSet={!!account?.sign_key_set}
            updatedAt={account?.sign_key_updated_at ?? null}
            value={form.sign_key}
            onChange={(v) => set("sign_key", v)}
            error={errors.sign_key}
            encryptionReady={encryptionReady}
            required={required.has("sign_key")}
            leftBlank={
              !account?.sign_key_set && fallback("sign_key").kind === "value"
                ? "Left blank: medusa-config's sign key."
                : undefined
            }
          />
          {text("base_url", "Gateway base URL", {
            required: true,
            placeholder: "https://gateway.example.com",
          })}
          {text("currencies", "Currencies", {
            optional: true,
            hint: "ISO 4217 codes separated by commas; empty serves every currency.",
          })}
          <ProvidersField
            providerIds={providerIds}
            ticked={form.providers}
            error={errors.providers}
            onChange={(ticked) => set("providers", ticked)}
          />
          <ScopeFields
            scopes={scopes.data}
            ticked={form}
            errors={errors}
            onChange={(field, ticked) => set(field, ticked)}
          />
          {text("website_url", "Website URL", {
            inherits: "website_url",
            placeholder: "https://shop.example.com",
            hint: WEBSITE_HINT,
          })}
          {text("backend_url", "Backend URL", {
            inherits: "backend_url",
            placeholder: "https://api.shop.example.com",
            hint: BACKEND_HINT,
          })}
          {text("storefront_url", "Storefront return page", {
            inherits: "storefront_url",
            placeholder: "https://shop.example.com/checkout/return",
            hint: STOREFRONT_HINT,
          })}
          <ChoiceField
            id="three_d_secure"
            label="3-D Secure"
            error={errors.three_d_secure}
            value={form.three_d_secure}
            inheritLabel={inheritLabel("three_d_secure")}
            choices={THREE_D_SECURE_CHOICES}
            onChange={(v) => set("three_d_secure", v)}
          />
          <ThreeDSecureRulesField
            rules={form.three_d_secure_rules}
            error={errors.three_d_secure_rules}
            fallback={threeDSecureInForce(
              form.three_d_secure,
              fallback("three_d_secure")
            )}
            inheritedRules={inheritedSecureRules(served)}
            onChange={(rules) => set("three_d_secure_rules", rules)}
          />
          <ChoiceField
            id="capture_on"
            label="Capture"
            hint="When the money is taken. On fulfilment or shipment the whole authorised amount is captured once, when the order's first fulfilment is created or shipped."
            error={errors.capture_on}
            value={form.capture_on}
            inheritLabel={inheritLabel("capture_on")}
            choices={CAPTURE_CHOICES}
            onChange={(v) => set("capture_on", v)}
          />
          <StatementDescriptorField
            text={form.descriptor_text}
            append={form.descriptor_append}
            error={errors.descriptor_text}
            onText={(v) => set("descriptor_text", v)}
            onAppend={(v) => set("descriptor_append", v)}
          />
          {text("order_prefix", "Order number prefix", {
            inherits: "order_prefix",
            optional: true,
          })}
          {text("timeout_ms", "Time-out (ms)", {
            inherits: "timeout_ms",
            optional: true,
          })}
          {text("hidden_methods", "Hidden payment methods", {
            placeholder: "WALLET",
            hint: `Codes the checkout never offers (CARD, WALLET, BANK_TRANSFER or another the acquirer names), separated by commas. ${METHODS_CHECKED}`,
            blank: methodBlankText("hidden_methods", served),
          })}
          {text("method_order", "Payment methods shown first", {
            placeholder: "BANK_TRANSFER, CARD",
            hint: "Codes the checkout lists first, in this order, separated by commas; the others follow in the acquirer's order.",
            blank: methodBlankText("method_order", served),
          })}
          {text("shopper_data_days", "Shopper data kept (days)", {
            blank: retentionBlankText("shopper_data_days", served),
            hint: `Days after a payment last changed before the shopper's e-mail, IP address, names, addresses, phone, device and cart are removed from the plugin's record of it (the amounts and references stay), 1–${MAX_RETENTION_DAYS}. ${RETENTION_STORE_WIDE}`,
          })}
          {text("history_days", "Payment history kept (days)", {
            blank: retentionBlankText("history_days", served),
            hint: `Days a payment's history entries (notifications, job and admin actions) are kept, 1–${MAX_RETENTION_DAYS}; those of a payment with an open chargeback stay. ${RETENTION_STORE_WIDE}`,
          })}
          {text("chargeback_threshold", "Chargeback threshold (%)", {
            placeholder: "0.9",
            blank: thresholdBlankText(served),
            hint: "The chargeback ratio at which the Payments overview marks a month and its alert warns: the level the acquirer's contract names, 0.01–100.",
          })}
          <AdvancedField
            value={form.advanced}
            error={errors.advanced}
            onChange={(v) => set("advanced", v)}
          />
          <AvailabilityField
            rules={form.availability}
            providerIds={providerIds}
            error={errors.availability}
            onChange={(rules) => set("availability", rules)}
          />
          <div className="flex items-center justify-between">
            <Label htmlFor="enabled" size="small" weight="plus">
              Enabled
            </Label>
            <Switch
              id="enabled"
              checked={form.enabled}
              onCheckedChange={(v) => set("enabled", v)}
            />
          </div>
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              Cancel
            </Button>
          </Drawer.Close>
          <Button
            size="small"
            isLoading={pending}
            onClick={(e) => {
              setFormError(undefined)
              void submit(form, required, e.currentTarget)
            }}
          >
            Save
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}
