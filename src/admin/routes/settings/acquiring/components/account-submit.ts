/**
 * What the account drawer's Save does: the form checked, method codes the
 * acquirer has never offered a saved account flagged once before they are
 * kept, the last account serving a provider disabled only once the admin
 * agrees, then the save, whose refused fields come back to the form.
 */
import { toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { useSaveAccount } from "../../../../hooks/settings/use-account-mutations"
import { useOfferedMethods } from "../../../../hooks/settings/use-offered-methods"
import { returnFocus } from "../../../../lib/return-focus"
import type { Account, ProviderSettings } from "../../../../lib/settings-api"
import {
  bodyOf,
  changedBodyOf,
  serverErrorsOf,
  validate,
  type AccountForm,
  type FallbackField,
  type FormErrors,
} from "./account-form"
import {
  METHOD_FIELDS,
  neverOfferedFlags,
  sameCodes,
  type MethodTexts,
} from "./method-preferences-form"
import { disablePrompt } from "./settings-texts"

export function useAccountSubmit({
  account,
  saved,
  accounts,
  providers,
  refuse,
  onSaved,
}: {
  account?: Account
  /** the account as the drawer opened it: an edit sends only what changed since */
  saved?: AccountForm
  accounts: Account[]
  providers: ProviderSettings[]
  /** names the refused fields (and what is not a field's) on the form */
  refuse: (found: FormErrors, rest?: string) => void
  onSaved: () => void
}) {
  const prompt = usePrompt()
  const save = useSaveAccount()
  const offered = useOfferedMethods()
  // codes already flagged as never offered: a second Save keeps them
  const [flagged, setFlagged] = useState<Partial<MethodTexts>>({})

  const submit = async (
    form: AccountForm,
    required: Set<FallbackField>,
    saveButton: HTMLElement
  ) => {
    const found = validate(form, required)
    if (Object.values(found).some(Boolean)) return refuse(found)
    if (account && saved) {
      // codes the acquirer has never offered this account are flagged once, before saving
      const asking = METHOD_FIELDS.filter(
        (f) =>
          !sameCodes(form[f], saved[f]) &&
          !(flagged[f] !== undefined && sameCodes(form[f], flagged[f]))
      )
      if (asking.some((f) => form[f].trim())) {
        const answer = await offered.mutateAsync(account.id)
        const flags = neverOfferedFlags(form, asking, answer)
        setFlagged((before) => ({
          ...before,
          ...Object.fromEntries(
            Object.keys(flags).map((f) => [f, form[f as keyof MethodTexts]])
          ),
        }))
        if (Object.keys(flags).length) return refuse(flags)
      }
    }
    // turning off the last account serving a provider: say what shoppers then meet, and ask
    const asked =
      account?.enabled && !form.enabled
        ? disablePrompt(account, { accounts, providers })
        : null
    if (asked) {
      const ok = await prompt({ ...asked, cancelText: "Cancel" })
      returnFocus(saveButton)
      if (!ok) return
    }
    save.mutate(
      {
        id: account?.id,
        body: saved ? changedBodyOf(form, saved) : bodyOf(form),
      },
      {
        onSuccess: () => {
          toast.success(account ? "Account saved" : "Account created")
          onSaved()
        },
        onError: (error) => {
          const { fields, rest } = serverErrorsOf(error.message)
          const named = Object.values(fields).some(Boolean)
          refuse(
            fields,
            rest ?? (named ? undefined : "The account could not be saved.")
          )
        },
      }
    )
  }

  return { submit, pending: save.isPending || offered.isPending }
}
