import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import jwt from "jsonwebtoken"

/**
 * An admin user and a bearer token signed as Medusa's auth routes sign them.
 * The user lives in the database, so call this in beforeEach (the database
 * is restored from its template before every test).
 */
export async function createAdminHeaders(
  container: MedusaContainer,
  jwtSecret: string
): Promise<Record<string, string>> {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const user = await userModule.createUsers({
    email,
    first_name: "Test",
    last_name: "Admin",
  })
  const identity = await authModule.createAuthIdentities({
    provider_identities: [
      { provider: "emailpass", entity_id: email, provider_metadata: {} },
    ],
    app_metadata: { user_id: user.id },
  })
  const token = jwt.sign(
    {
      actor_id: user.id,
      actor_type: "user",
      auth_identity_id: identity.id,
      app_metadata: { user_id: user.id },
    },
    jwtSecret,
    { expiresIn: "1d" }
  )
  return { authorization: `Bearer ${token}` }
}

/**
 * An admin who can log in with e-mail and password (`POST
 * /auth/user/emailpass`), as `medusa user -e … -p …` creates one.
 */
export async function createAdminLogin(
  container: MedusaContainer,
  email: string,
  password: string
): Promise<void> {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const user = await userModule.createUsers({
    email,
    first_name: "Demo",
    last_name: "Admin",
  })
  const { authIdentity, error } = await authModule.register("emailpass", {
    body: { email, password },
  })
  if (error || !authIdentity)
    throw new Error(`admin login not created: ${error ?? "no identity"}`)
  await authModule.updateAuthIdentities({
    id: authIdentity.id,
    app_metadata: { user_id: user.id },
  })
}
