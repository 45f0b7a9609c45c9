/**
 * The accounts saved in the admin (acquiring_account) and their audit
 * (acquiring_settings_change), read and written through the module's
 * generated methods, typed by its data models.
 */
import type AcquiringModuleService from "../modules/acquiring/service"
import type { AcquiringSettingsChangeRow } from "../modules/acquiring/types"
import type { AccountRecord, AccountValues } from "./account-record"

/** Every account, oldest first; deleted ones too when asked (a payment keeps the account it began with). */
export async function listAccounts(
  service: AcquiringModuleService,
  { withDeleted = false }: { withDeleted?: boolean } = {}
): Promise<AccountRecord[]> {
  return service.listAcquiringAccounts(
    {},
    {
      ...(withDeleted ? { withDeleted } : {}),
      take: null,
      order: { created_at: "ASC" },
    }
  )
}

/** Only what tells whether any account changed (accounts/account-source.ts): every row, deleted ones too. */
export async function accountsVersion(
  service: AcquiringModuleService
): Promise<Pick<AccountRecord, "id" | "updated_at" | "deleted_at">[]> {
  return service.listAcquiringAccounts(
    {},
    {
      withDeleted: true,
      select: ["id", "updated_at", "deleted_at"],
      take: null,
    }
  )
}

export async function findAccount(
  service: AcquiringModuleService,
  id: string
): Promise<AccountRecord | undefined> {
  const [account] = await service.listAcquiringAccounts({ id })
  return account
}

export async function insertAccount(
  service: AcquiringModuleService,
  values: AccountValues
): Promise<AccountRecord> {
  return service.createAcquiringAccounts(values)
}

export async function patchAccount(
  service: AcquiringModuleService,
  id: string,
  patch: Partial<AccountValues>
): Promise<AccountRecord> {
  return service.updateAcquiringAccounts({ id, ...patch })
}

/** Soft delete: payments that began with the account still reach it. */
export async function removeAccount(
  service: AcquiringModuleService,
  id: string
): Promise<void> {
  await service.softDeleteAcquiringAccounts(id)
}

/** One audit entry as written: `fields` names what `changes` holds, for readers older than it. */
export type SettingsChange = Pick<
  AcquiringSettingsChangeRow,
  "account_id" | "action" | "fields" | "changes" | "actor_id" | "actor_email"
>

export async function recordSettingsChange(
  service: AcquiringModuleService,
  change: SettingsChange
): Promise<void> {
  await service.createAcquiringSettingsChanges(change)
}

/** The audit, newest first. */
export async function listSettingsChanges(
  service: AcquiringModuleService,
  page: { take: number; skip: number }
): Promise<[AcquiringSettingsChangeRow[], number]> {
  return service.listAndCountAcquiringSettingsChanges(
    {},
    { ...page, order: { created_at: "DESC", id: "DESC" } }
  )
}
