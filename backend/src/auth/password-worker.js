// Runs in the password pool's worker threads (see secrets.ts): argon2id, synchronously, on this thread and not
// on libuv's shared thread pool, which file reads and DNS wait on.
import { hashSync, verifySync } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane (a lane more would only run after it on this thread). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export default function run(task) {
  if (task.op === 'hash') return hashSync(task.password, OPTIONS);
  try {
    // Reads the parameters from the stored PHC string, so hashes made with other parameters still verify.
    return verifySync(task.hash, task.password);
  } catch {
    return false;
  }
}
