import { config } from 'zod/v4/core';

// Zod compiles fast object parsers with `new Function`, which our Content-Security-Policy (no
// 'unsafe-eval') refuses; even its probe for eval is reported as a violation. The interpreted parsers
// give the same answers. (zod/v4/core: only the config, not the whole library, joins the entry chunk.)
config({ jitless: true });
