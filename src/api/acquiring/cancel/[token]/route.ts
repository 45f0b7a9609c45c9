import { browserReturn } from "../../browser-return"

export const GET = browserReturn("cancel")
export const POST = browserReturn("cancel")
