import { main } from './main.ts';

await main(['api', 'projections', 'workers']);
