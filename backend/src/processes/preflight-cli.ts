import { checkedConfig } from './main.ts';

// `npm start` runs this before a slow rebuild, so a busy port or an unreachable Postgres or Redis is said
// at once rather than after the build (the server checks the same again when it starts).
await checkedConfig({ listens: true });
process.exit(0);
