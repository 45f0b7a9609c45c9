import type Redis from "ioredis"

/** Commands the Redis served so far, every client's (the bench has it to itself); INFO itself is one. */
export async function commandsServed(redis: Redis): Promise<number> {
  return Number(
    /total_commands_processed:(\d+)/.exec(await redis.info("stats"))?.[1]
  )
}
