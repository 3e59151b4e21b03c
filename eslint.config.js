import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "scratch/", "test-results/", "playwright-report/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Only repos build queries (docs/decisions/0008-domains-own-their-tables.md): services hold
  // deps.db.kysely to pass it to a repo and to open transactions, nothing more.
  {
    files: ["backend/**/*.ts"],
    ignores: [
      "backend/**/*.test.ts",
      "backend/**/repo.ts",
      "backend/**/*-repo.ts",
      "backend/platform/db/**",
      // The queue is the jobs table's repo.
      "backend/platform/jobs/**",
      // Keyset paging's condition, a fragment the repos put in their queries.
      "backend/platform/paging.ts",
      // The SearchIndex adapters are the search domain's storage (its repo, one per dialect):
      // passages and the full-text tables.
      "backend/search/sqlite.ts",
      "backend/search/postgres.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|with)$/]",
          message:
            "Queries belong in the owning domain's repo (repo.ts): see docs/decisions/0008-domains-own-their-tables.md.",
        },
        {
          selector:
            "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql'], CallExpression[callee.object.name='sql'][callee.property.name=/^(raw|ref|table|id|lit|val|value|join)$/]",
          message:
            "Raw SQL belongs in the owning domain's repo (repo.ts): see docs/decisions/0008-domains-own-their-tables.md.",
        },
      ],
    },
  },
  // Vitest setup helpers (useWorkspaceApp registers beforeAll/afterAll) are not React hooks.
  { files: ["tests/**/*.ts"], ignores: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
);
