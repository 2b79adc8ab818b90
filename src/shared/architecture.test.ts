import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layout rules of docs/ARCHITECTURE.md are Biome's `noRestrictedImports`, per folder, in biome.json
 * (decision 055); `npm test` lints the real tree with them. This proves each rule bites, and that none
 * forbids what the layout allows: the project's biome.json, copied to a temporary folder, lints fixture
 * files placed where the rules apply, each holding the imports of one case, in one run of Biome.
 */
type Case = { file: string; imports: string[]; refused: boolean };

const cases: Case[] = [
  // Shared code imports neither side, nor their libraries.
  { file: 'src/shared/domain/to-server.ts', imports: ['../../server/errors.ts'], refused: true },
  { file: 'src/shared/contract/to-web.ts', imports: ['../../web/lib/api-client.ts'], refused: true },
  { file: 'src/shared/to-web.ts', imports: ['../web/lib/api-client.ts'], refused: true },
  { file: 'src/shared/domain/sql.ts', imports: ['drizzle-orm'], refused: true },
  { file: 'src/shared/domain/http.ts', imports: ['fastify'], refused: true },
  { file: 'src/shared/i18n/react.ts', imports: ['react'], refused: true },
  {
    file: 'src/shared/domain/allowed.ts',
    imports: ['../contract/constants.ts', '../markets.ts', 'zod', 'i18next'],
    refused: false,
  },
  // The web never imports the server, from any depth, tests included.
  { file: 'src/web/lib/to-server.ts', imports: ['../../server/app.ts'], refused: true },
  { file: 'src/web/lib/pg.ts', imports: ['pg'], refused: true },
  {
    file: 'src/web/features/loan-details/to-server.ts',
    imports: ['../../../server/errors.ts'],
    refused: true,
  },
  {
    file: 'src/web/features/admin/orders/to-server.tsx',
    imports: ['../../../../server/db/client.ts'],
    refused: true,
  },
  {
    file: 'src/web/features/repayment/to-server.test.tsx',
    imports: ['../../../server/app.ts'],
    refused: true,
  },
  // Web features do not import each other.
  {
    file: 'src/web/features/repayment/to-feature.ts',
    imports: ['../loan-details/loan-details-queries.ts'],
    refused: true,
  },
  {
    file: 'src/web/features/admin/to-feature.tsx',
    imports: ['../complaints/complaint-form.tsx'],
    refused: true,
  },
  {
    file: 'src/web/features/admin/payments/to-feature.tsx',
    imports: ['../../repayment/plan-queries.ts'],
    refused: true,
  },
  {
    file: 'src/web/features/repayment/allowed.tsx',
    imports: [
      './plan-queries.ts',
      '../../lib/api-client.ts',
      '../../ui/theme.ts',
      '../../../shared/routes.ts',
    ],
    refused: false,
  },
  // The back office is one feature: its sections import its root files and each other.
  {
    file: 'src/web/features/admin/payments/allowed.tsx',
    imports: [
      '../admin-ui.tsx',
      '../orders/orders-api.ts',
      '../../../lib/api-client.ts',
      '../../../../shared/routes.ts',
    ],
    refused: false,
  },
  // A test may assemble several features, as the shells do.
  {
    file: 'src/web/features/repayment/allowed.test.tsx',
    imports: ['../loan-details/loan-details-test-kit.tsx'],
    refused: false,
  },
  // The server never imports the web.
  { file: 'src/server/plugins/to-web.ts', imports: ['../../web/app/site/prerender.tsx'], refused: true },
  { file: 'src/server/modules/loans/to-web.ts', imports: ['../../../web/lib/api-client.ts'], refused: true },
  {
    file: 'src/server/modules/loans/to-web.test.ts',
    imports: ['../../../web/lib/api-client.ts'],
    refused: true,
  },
  { file: 'src/server/modules/loans/react.ts', imports: ['react-dom/server'], refused: true },
  // …but the site pages' test serves the real pre-rendered pages.
  {
    file: 'src/server/modules/site/site-pages.test.ts',
    imports: ['../../../web/app/site/prerender.tsx'],
    refused: false,
  },
  // Server features reach each other only through the other's index.ts.
  {
    file: 'src/server/modules/documents/to-feature.ts',
    imports: ['../repayment/repayment.service.ts'],
    refused: true,
  },
  {
    file: 'src/server/modules/admin/to-feature.routes.ts',
    imports: ['../uploads/multipart.ts'],
    refused: true,
  },
  {
    file: 'src/server/modules/admin/to-feature.service.ts',
    imports: ['../staff/staff.service.ts'],
    refused: true,
  },
  {
    file: 'src/server/modules/documents/allowed.ts',
    imports: [
      '../repayment/index.ts',
      './documents.repository.ts',
      '../../db/client.ts',
      '../../errors.ts',
      '../../../shared/domain/money.ts',
    ],
    refused: false,
  },
  {
    file: 'src/server/modules/products/allowed.test.ts',
    imports: ['../staff/staff.routes.ts', '../session/session.service.ts'],
    refused: false,
  },
  // Services know nothing of HTTP and hold no SQL; routes hold no SQL; repositories do.
  { file: 'src/server/modules/loans/http.service.ts', imports: ['fastify'], refused: true },
  { file: 'src/server/modules/loans/plugin.service.ts', imports: ['@fastify/cookie'], refused: true },
  { file: 'src/server/modules/loans/sql.service.ts', imports: ['drizzle-orm'], refused: true },
  { file: 'src/server/modules/loans/pg.service.ts', imports: ['pg'], refused: true },
  { file: 'src/server/modules/loans/tables.service.ts', imports: ['../../db/schema.ts'], refused: true },
  { file: 'src/server/modules/loans/sql.routes.ts', imports: ['drizzle-orm'], refused: true },
  { file: 'src/server/modules/loans/tables.routes.ts', imports: ['../../db/schema.ts'], refused: true },
  {
    file: 'src/server/modules/loans/allowed.service.ts',
    imports: ['./allowed.repository.ts', '../orders/index.ts', '../../db/client.ts', 'node:crypto'],
    refused: false,
  },
  {
    file: 'src/server/modules/loans/allowed.routes.ts',
    imports: ['fastify', 'fastify-type-provider-zod', './allowed.service.ts'],
    refused: false,
  },
  {
    file: 'src/server/modules/loans/allowed.repository.ts',
    imports: ['drizzle-orm', '../../db/schema.ts', '../../db/statement.ts'],
    refused: false,
  },
];

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
/** Fixture file → number of restricted-import diagnostics Biome gave it. */
const refusals = new Map<string, number>();

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  // The copy is not in the repository: no ignore file to read.
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const c of cases) {
    mkdirSync(path.join(dir, path.dirname(c.file)), { recursive: true });
    writeFileSync(path.join(dir, c.file), c.imports.map((i) => `import '${i}';\n`).join(''));
  }
  const biome = path.join(root, 'node_modules', '.bin', 'biome');
  const run = spawnSync(
    biome,
    ['lint', '--only=style/noRestrictedImports', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: dir, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  for (const d of report.diagnostics) {
    expect(d.category).toBe('lint/style/noRestrictedImports');
    const file = d.location.path.split(path.sep).join('/');
    refusals.set(file, (refusals.get(file) ?? 0) + 1);
  }
}, 30_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('biome.json enforces the layout of docs/ARCHITECTURE.md', () => {
  it.each(cases)('$file: $imports → refused: $refused', (c) => {
    // A refused case holds one import, so one diagnostic; an allowed one holds none.
    expect(refusals.get(c.file) ?? 0).toBe(c.refused ? c.imports.length : 0);
  });

  it('reports on the fixtures only', () => {
    for (const file of refusals.keys()) expect(cases.map((c) => c.file)).toContain(file);
  });
});
