"use client"

import { login } from "@lib/data/customer"
import { Button, Heading, Input, Label, Text } from "@medusajs/ui"
import { useActionState } from "react"

/** Email and password, as the starter's sign-in asks them. */
const Login = () => {
  const [message, formAction, pending] = useActionState(login, null)
  return (
    <div className="flex max-w-sm flex-col gap-y-4" data-testid="login-page">
      <Heading level="h1" className="text-2xl-semi">
        Sign in
      </Heading>
      <Text>Sign in to see your orders and subscriptions.</Text>
      <form action={formAction} className="flex flex-col gap-y-3">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          name="email"
          type="email"
          autoComplete="email"
          required
        />
        <Label htmlFor="login-password">Password</Label>
        <Input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        {message && (
          <Text role="alert" className="text-ui-fg-error">
            {message}
          </Text>
        )}
        <Button type="submit" isLoading={pending}>
          Sign in
        </Button>
      </form>
    </div>
  )
}

export default Login
