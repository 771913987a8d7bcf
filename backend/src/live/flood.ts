import { SOCKET_FRAMES_PER_SECOND } from '@app/contracts/ws';

/**
 * Counts one socket's frames over a sliding second: `take` answers false for the frame that makes more than
 * `limit` within any 1000 ms (the socket is then closed with SOCKET_FLOODED, never the server slowed).
 */
export class FloodGauge {
  /** Arrival times of the last `limit` frames, oldest first (a ring). */
  private readonly times: number[] = [];
  private next = 0;

  constructor(private readonly limit = SOCKET_FRAMES_PER_SECOND) {}

  take(now = Date.now()): boolean {
    if (this.times.length < this.limit) {
      this.times.push(now);
      return true;
    }
    // The frame `limit` frames back: if it came less than a second ago, this one is one too many.
    const oldest = this.times[this.next] as number;
    if (now - oldest < 1000) return false;
    this.times[this.next] = now;
    this.next = (this.next + 1) % this.limit;
    return true;
  }
}
