import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Type-aware rules of typescript-eslint's `recommendedTypeChecked` that catch mistakes rather than
 * style: promises left floating or handed where nothing waits for them, awaiting what is not a
 * promise, assertions that change nothing, objects turned into "[object Object]", and the like.
 * The `no-unsafe-*` family (values typed `any`, mostly JSON read back in tests) is not part of it.
 */
const typeAwareRules = {
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-array-delete': 'error',
  '@typescript-eslint/no-base-to-string': 'error',
  '@typescript-eslint/no-duplicate-type-constituents': 'error',
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-for-in-array': 'error',
  '@typescript-eslint/no-implied-eval': 'error',
  // React event handlers may be async: nothing awaits them, and they handle their own errors.
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
  '@typescript-eslint/no-redundant-type-constituents': 'error',
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
  '@typescript-eslint/no-unsafe-enum-comparison': 'error',
  '@typescript-eslint/only-throw-error': 'error',
  '@typescript-eslint/prefer-promise-reject-errors': 'error',
  '@typescript-eslint/restrict-plus-operands': 'error',
  '@typescript-eslint/restrict-template-expressions': 'error',
  '@typescript-eslint/unbound-method': 'error',
};

/**
 * Import boundaries of the web app (docs: ARCHITECTURE section 3, STYLE "one-way imports"):
 * shared code (components, lib, test) never imports features, routes or the app; a feature never
 * imports another feature, routes or the app. Routes and the app compose features.
 */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const upTo = (names) => `^(\\.\\./)+(features/)?(${names.join('|')})(/|$)`;
const boundaries = [
  {
    files: ['web/src/{components,lib,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|routes|app)(/|$)',
              message: 'Shared code (components, lib, test) does not import features, routes or the app.',
            },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: upTo(FEATURES.filter((other) => other !== feature)),
              message: 'Features do not import each other: share through lib/ or compose them in routes/.',
            },
            {
              regex: '^(\\.\\./)+(routes|app)(/|$)',
              message: 'Features do not import routes or the app.',
            },
          ],
        },
      ],
    },
  })),
];

/**
 * Boundaries of the API's modules (TRADE.md section 1): which modules each may import, a graph
 * without cycles (checked here). Shared pieces live in platform/, lib/ or the contract. A module
 * not named here imports no other module. Tests may use other modules' test support.
 */
const API_MODULE_IMPORTS = {
  // Product writes: a deleted product leaves carts and wishlists; prices in force and stock are the sales' and stock's.
  'product-editing': ['cart', 'catalog', 'sales', 'stock'],
  // The catalogue's export, import and feeds read products as the catalogue does, and the settings' delivery prices.
  'catalogue-io': ['catalog', 'orders', 'sales', 'settings', 'size-fit', 'stock'],
  // Complaints are numbered in the documents' series, refund through the order core, read the settings' due days.
  complaints: ['documents', 'order-mails', 'orders', 'settings'],
  // Campaigns and cart reminders leave through the newsletter's sendMarketing, show the catalogue's
  // cards and the cart's lines, read the pace in the settings and the buyers from the order core.
  campaigns: ['cart', 'catalog', 'newsletter', 'orders', 'settings'],
  checkout: ['couriers', 'discounts', 'documents', 'gift-cards', 'orders', 'settings', 'stock'],
  // What a shopper may still add counts what their own open checkout holds (the order core says).
  cart: ['orders'],
  // A code's uses are the orders that hold it (the order core counts them).
  discounts: ['orders'],
  // Documents are issued for orders (their rows asked of the order core) and run on its events.
  documents: ['orders'],
  // The owner's steps on orders (fulfilment); the orders CSV states VAT at the shop's rate, which the
  // documents' settings keep.
  fulfilment: ['documents', 'orders', 'stock'],
  // Shipments answer the admin's order and take the order core's steps; prices read the settings.
  couriers: ['orders', 'settings'],
  // The order's mails read the order core's orders, the documents they attach and the seller's settings.
  'order-mails': ['documents', 'orders', 'settings'],
  // The shop's figures count orders by status.
  metrics: ['orders'],
  // Closing a checkout gives back what gift cards held; the order answers what they paid.
  orders: ['gift-cards', 'stock'],
  // A payment may be a gift card's purchase: the card is issued in the payment's transaction.
  payments: ['gift-cards', 'orders', 'stock'],
  // The export holds the newsletter's consents, and a deleted account's go with it (decision 0057).
  privacy: ['cart', 'newsletter', 'orders', 'profile', 'reviews', 'stock', 'wishlist'],
  // The profile answers the account's store credit (the ledger's sum) and the newsletter switch (decision 0057).
  profile: ['documents', 'gift-cards', 'newsletter'],
  // Reviews are answered with the catalogue's headers; a buyer's received line is the order core's to find.
  // Returns ask the order core, hold and restock through stock, and are the withdrawal within its period;
  // store credit is the ledger's (gift-cards), and their mails use the order mails' senders; the label is
  // the order's courier's (couriers), its link signed with the documents' key (decision 0062).
  returns: ['couriers', 'documents', 'gift-cards', 'order-mails', 'orders', 'settings', 'stock', 'withdrawals'],
  // A recall finds the buyers of the variants (the order core) and names the seller (settings).
  recalls: ['orders', 'settings'],
  // The product page's fit counts the size reasons of returns beside the reviews'.
  reviews: ['catalog', 'orders', 'returns'],
  sales: ['catalog'],
  settings: ['catalog', 'documents'],
  // The product details route writes the product-safety fields in its transaction (decision 0054).
  'size-fit': ['catalog', 'product-safety'],
  stock: ['catalog'],
  wishlist: ['cart'],
  withdrawals: ['order-mails', 'orders', 'settings'],
};
function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, path) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') throw new Error(`API modules import in a circle: ${[...path, node].join(' → ')}`);
    state.set(node, 'open');
    for (const next of graph[node] ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
assertAcyclic(API_MODULE_IMPORTS);
const API_MODULES = readdirSync(new URL('./api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * One owner of the order's rows (docs/decisions/0049): only the orders module reads, locks or
 * writes the `orders` and `order_events` tables; every other module asks it (orders/store.ts,
 * orders/reads.ts). Two ways to reach them are refused elsewhere: the tables' schema objects, and
 * SQL text that names them. Tests and their support build rows as they need.
 */
const ORDER_TABLES_MESSAGE =
  'Only the orders module reads, locks or writes the orders and order_events tables: ask it (orders/store.ts, orders/reads.ts; docs/decisions/0049).';
const orderTablesImport = {
  regex: '(^|/)db/schema(/orders)?(\\.js)?$',
  importNames: ['orders', 'orderEvents'],
  message: ORDER_TABLES_MESSAGE,
};
const ORDER_TABLES_SQL = '/\\b(from|join|update|into)\\s+(orders|order_events)\\b|\\border_events\\b/i';
const orderTablesSql = [
  { selector: `TemplateElement[value.raw=${ORDER_TABLES_SQL}]`, message: ORDER_TABLES_MESSAGE },
  { selector: `Literal[value=${ORDER_TABLES_SQL}]`, message: ORDER_TABLES_MESSAGE },
];
/** Outside the modules, besides the schema and tests: the backup's manifest counts the rows of every table. */
const ORDER_TABLES_ELSEWHERE = ['api/src/db/schema.ts', 'api/src/db/schema/**', 'api/src/platform/backup/commands.ts'];

const apiBoundaries = API_MODULES.map((module) => {
  const forbidden = API_MODULES.filter(
    (other) => other !== module && !(API_MODULE_IMPORTS[module] ?? []).includes(other),
  );
  const ownsOrders = module === 'orders';
  return {
    files: [`api/src/modules/${module}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(${forbidden.join('|')})/`,
              message: `The ${module} module may import only ${(API_MODULE_IMPORTS[module] ?? []).join(', ') || 'no other module'} (eslint.config.js, API_MODULE_IMPORTS): share through platform/, lib/ or the contract.`,
            },
            ...(ownsOrders ? [] : [orderTablesImport]),
          ],
        },
      ],
      ...(ownsOrders ? {} : { 'no-restricted-syntax': ['error', ...orderTablesSql] }),
    },
  };
});
const orderTablesOutsideModules = {
  files: ['api/src/**/*.ts'],
  ignores: ['api/src/modules/**', 'api/src/test/**', '**/*.test.ts', ...ORDER_TABLES_ELSEWHERE],
  rules: {
    'no-restricted-imports': ['error', { patterns: [orderTablesImport] }],
    'no-restricted-syntax': ['error', ...orderTablesSql],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/dist-server',
      '.tsbuild',
      'api/.test-dist',
      'data',
      'e2e/output',
      'api/src/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        // Every file is in a tsconfig (contract, api, web, e2e, scripts) except these few.
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'vitest.config.ts', 'api/build.mjs', 'web/scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      ...typeAwareRules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...boundaries,
  ...apiBoundaries,
  orderTablesOutsideModules,
  {
    // The test setup fails a test on a request it did not arrange: only its fake server stands in for fetch.
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='stubGlobal'][arguments.0.value='fetch']",
          message: 'Answer requests with fakeApi (web/src/test/fake-api.tsx).',
        },
      ],
    },
  },
  {
    // Drizzle: a delete or update without `where` touches every row.
    files: ['api/**/*.ts', 'scripts/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    // Journeys (decision 0049): a time budget set for the spec or describe (e2e/fixtures.ts), one language each.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='test'][callee.property.name=/^(setTimeout|slow)$/]:not(CallExpression[callee.property.name=/^(beforeAll|afterAll)$/] *)",
          message: "A journey's time is its budget: test.use({ budget }) for the spec or describe (decision 0049).",
        },
        {
          selector:
            ":matches(ForOfStatement > ArrayExpression.right, ForOfStatement > .right ArrayExpression):has(> Literal[value='en']):has(> Literal[value='bg'])",
          message:
            "One language per journey (decision 0049): test.use({ lang: 'bg' }) for the spec or describe; e2e/bulgarian.spec.ts checks what only Bulgarian does.",
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'web/scripts/**', 'api/build.mjs', 'e2e/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    // Playwright fixtures that use no other fixture are declared with `{}`.
    rules: { 'no-console': 'off', 'no-empty-pattern': 'off' },
  },
);
