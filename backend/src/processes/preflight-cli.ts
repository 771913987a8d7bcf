import { checkedConfig } from './main.ts';

// `npm start` runs this before a slow rebuild, so a busy port stops it at once and a stopped Postgres or
// Redis is said (and waited for) at once rather than after the build (the server checks the same again).
await checkedConfig({ listens: true });
process.exit(0);
