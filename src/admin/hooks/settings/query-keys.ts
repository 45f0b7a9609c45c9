/** React Query keys of the settings page. */
export const settingsKeys = {
  all: ["acquiring", "settings"] as const,
  settings: () => [...settingsKeys.all, "detail"] as const,
  scopes: () => [...settingsKeys.all, "scopes"] as const,
  changes: (limit: number, offset: number) =>
    [...settingsKeys.all, "changes", { limit, offset }] as const,
}
