import { emptyForm, type AccountForm } from "../account-form"

/** A new account's form with every required field typed, then `patch`. */
export function filledForm(patch: Partial<AccountForm> = {}): AccountForm {
  return {
    ...emptyForm(),
    name: "Sandbox",
    merchant_id: "M100",
    account_id: "A200",
    sign_key: "secret",
    base_url: "https://gateway.example.com",
    ...patch,
  }
}
