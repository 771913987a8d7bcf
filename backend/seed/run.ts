import { parseArgs } from 'node:util';
import { DatabaseHasClients, seedBusiness } from './business.ts';

const usage = `Usage: npm run seed -- [--small | --large] [--database-url URL] [--files-dir DIR] [--force]
  Fills the database with a demo business (500 clients, 5,000 projects, 50,000 messages, ...) made through the
  app's own commands. --small makes a quick demo set, --large ten times the full one (5,000 clients, 50,000
  projects and invoices, 500,000 messages). Refuses a database that has clients unless --force.`;

async function main() {
  const { values } = parseArgs({
    options: {
      small: { type: 'boolean', default: false },
      large: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      'files-dir': { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (values.small && values.large) {
    console.error('Choose one of --small and --large.');
    return 2;
  }
  const size = values.small ? 'small' : values.large ? 'large' : 'full';
  console.log(`Seeding a ${size} demo business...`);
  try {
    const result = await seedBusiness({
      size,
      databaseUrl: values['database-url'],
      filesDir: values['files-dir'],
      force: values.force,
      log: (line) => console.log(`  ${line}`),
    });
    console.log('\nMade:');
    for (const [what, n] of Object.entries(result.counts))
      console.log(
        `  ${what.padEnd(18)} ${typeof n === 'number' ? n.toLocaleString('en-US') : JSON.stringify(n)}`,
      );
    console.log(`\nDone in ${result.seconds.toFixed(1)} s.`);
    const { admin, client } = result.signIns;
    console.log(`\nSign in as the owner (admin): ${admin.email} / ${admin.password}`);
    console.log(`Sign in as a client (${client.name}): ${client.email} / ${client.password}`);
    return 0;
  } catch (err) {
    if (err instanceof DatabaseHasClients) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
