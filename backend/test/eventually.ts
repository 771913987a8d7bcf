/** Polls `probe` until it returns something truthy (errors count as "not yet"); fails after `ms`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
