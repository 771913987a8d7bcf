/**
 * Small answers remembered while a view's change mark stays (see ProjectionWatcher.changeMarkOf): all are
 * forgotten when it moves, nothing is remembered while it is unknown, and an answer whose reading overlapped a
 * move is not remembered (it may hold the rows from before). Marks move before a command's read-your-writes
 * wait is released, so a change a command answered for is never read from here stale.
 */
export class ViewMemo<K, V> {
  private mark: string | undefined;
  private readonly values = new Map<K, V>();

  constructor(
    private readonly markOf: () => string | undefined,
    private readonly max = 10_000,
  ) {}

  async get(key: K, read: () => Promise<V>): Promise<V> {
    const mark = this.markOf();
    if (mark === undefined) return read();
    if (mark !== this.mark) {
      this.values.clear();
      this.mark = mark;
    }
    if (this.values.has(key)) return this.values.get(key) as V;
    const value = await read();
    if (this.markOf() === mark && this.mark === mark && this.values.size < this.max)
      this.values.set(key, value);
    return value;
  }
}
