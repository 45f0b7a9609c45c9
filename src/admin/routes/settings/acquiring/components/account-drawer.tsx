/** Create or edit an acquiring account in a drawer, as Medusa's settings pages edit records. */
import {
  Button,
  Checkbox,
  Drawer,
  Input,
  Select,
  Switch,
  Label,
  Textarea,
  toast,
} from "@medusajs/ui"
import { useState } from "react"
import { useSaveAccount } from "../../../../hooks/settings/use-account-mutations"
import type { Account } from "../../../../lib/settings-api"
import {
  bodyOf,
  emptyForm,
  fieldOfServerError,
  formOf,
  validate,
  type AccountForm,
  type FormErrors,
} from "./account-schema"
import { FormField } from "../../../../components/form-field"
import { SignKeyField } from "./sign-key-field"

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
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  account?: Account
  encryptionReady: boolean
  signKeyFromConfig: boolean
  providerIds: string[]
}) {
  const [form, setForm] = useState<AccountForm>(() =>
    account ? formOf(account) : emptyForm()
  )
  const [errors, setErrors] = useState<FormErrors>({})
  const save = useSaveAccount()
  const needsSignKey = !account?.sign_key_set && !signKeyFromConfig

  const set = <K extends keyof AccountForm>(key: K, value: AccountForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const text = (
    key: TextKey,
    label: string,
    options: { hint?: string; optional?: boolean; placeholder?: string } = {}
  ) => (
    <FormField
      id={key}
      label={label}
      hint={options.hint}
      optional={options.optional}
      error={errors[key]}
    >
      <Input
        id={key}
        name={key}
        value={form[key]}
        placeholder={options.placeholder}
        aria-invalid={!!errors[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </FormField>
  )

  const submit = () => {
    const found = validate(form, needsSignKey)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    save.mutate(
      { id: account?.id, body: bodyOf(form) },
      {
        onSuccess: () => {
          toast.success(account ? "Account saved" : "Account created")
          onOpenChange(false)
        },
        onError: (error) => {
          const field = fieldOfServerError(error.message)
          if (field) setErrors((e) => ({ ...e, [field]: error.message }))
          toast.error(error.message)
        },
      }
    )
  }

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>
            {account ? `Edit ${account.name}` : "Add acquiring account"}
          </Drawer.Title>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {text("name", "Name", { placeholder: "Main account" })}
          <FormField id="mode" label="Mode" error={errors.mode}>
            <Select
              value={form.mode}
              onValueChange={(v) => set("mode", v as AccountForm["mode"])}
            >
              <Select.Trigger id="mode">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="test">Test</Select.Item>
                <Select.Item value="live">Live</Select.Item>
              </Select.Content>
            </Select>
          </FormField>
          {text("merchant_id", "Merchant ID")}
          {text("account_id", "Account ID")}
          <SignKeyField
            key={account?.id ?? "new"}
            isSet={!!account?.sign_key_set}
            updatedAt={account?.sign_key_updated_at ?? null}
            value={form.sign_key}
            onChange={(v) => set("sign_key", v)}
            error={errors.sign_key}
            encryptionReady={encryptionReady}
          />
          {text("base_url", "Gateway base URL", {
            placeholder: "https://gateway.example.com",
          })}
          {text("currencies", "Currencies", {
            optional: true,
            hint: "ISO 4217 codes separated by commas; empty serves every currency.",
          })}
          <FormField
            id="providers"
            label="Providers"
            hint="None ticked: the account serves both."
            error={errors.providers}
          >
            {providerIds.map((id) => (
              <div key={id} className="flex items-center gap-x-2">
                <Checkbox
                  id={`provider-${id}`}
                  checked={form.providers.includes(id)}
                  onCheckedChange={(checked) =>
                    set(
                      "providers",
                      checked === true
                        ? [...form.providers, id]
                        : form.providers.filter((p) => p !== id)
                    )
                  }
                />
                <Label htmlFor={`provider-${id}`} size="small">
                  {id}
                </Label>
              </div>
            ))}
          </FormField>
          {text("website_url", "Website URL", { optional: true })}
          {text("backend_url", "Backend URL", {
            optional: true,
            hint: "Where the acquirer reaches this store: notify and return URLs start with it.",
          })}
          {text("storefront_url", "Storefront URL", { optional: true })}
          <FormField
            id="three_d_secure"
            label="3-D Secure"
            error={errors.three_d_secure}
          >
            <Select
              value={form.three_d_secure}
              onValueChange={(v) =>
                set("three_d_secure", v as AccountForm["three_d_secure"])
              }
            >
              <Select.Trigger id="three_d_secure">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="inherit">From medusa-config</Select.Item>
                <Select.Item value="issuer">As the issuer decides</Select.Item>
                <Select.Item value="always">Always</Select.Item>
              </Select.Content>
            </Select>
          </FormField>
          <FormField
            id="auto_capture"
            label="Capture on authorisation"
            error={errors.auto_capture}
          >
            <Select
              value={form.auto_capture}
              onValueChange={(v) =>
                set("auto_capture", v as AccountForm["auto_capture"])
              }
            >
              <Select.Trigger id="auto_capture">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="inherit">From medusa-config</Select.Item>
                <Select.Item value="on">Yes</Select.Item>
                <Select.Item value="off">
                  No: capture from the order page
                </Select.Item>
              </Select.Content>
            </Select>
          </FormField>
          {text("order_prefix", "Order number prefix", { optional: true })}
          {text("timeout_ms", "Time-out (ms)", { optional: true })}
          <FormField
            id="advanced"
            label="Advanced overrides (JSON)"
            optional
            hint="recipes, status_codes, limits: as in the provider options."
            error={errors.advanced}
          >
            <Textarea
              id="advanced"
              rows={4}
              value={form.advanced}
              onChange={(e) => set("advanced", e.target.value)}
            />
          </FormField>
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
          <Button size="small" isLoading={save.isPending} onClick={submit}>
            Save
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}
