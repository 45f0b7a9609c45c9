import Login from "@modules/account/components/login"
import { Metadata } from "next"

export const metadata: Metadata = { title: "Sign in" }

export default function LoginPage() {
  return <Login />
}
