// Imported first by the demo: Medusa's logger reads LOG_LEVEL when it loads.
process.env.LOG_LEVEL ??= "error"

export {}
