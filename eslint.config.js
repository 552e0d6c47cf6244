// Lint rules are errors or off, never warnings. console is allowed only in the CLI, tests and benches.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'var/**', 'test/artifacts/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        AbortController: 'readonly',
        fetch: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
      },
    },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its errors (an unhandled rejection stops Node).
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  { files: ['cli/**', 'test/**', 'bench/**', 'bin/**', 'docs/**'], rules: { 'no-console': 'off' } },
  {
    // Entities are read and written through their Objection models (Model.query(ctx.db)). A raw
    // knex call on a table is allowed only where SQL is the point (counters, locks, aggregates,
    // batch inserts, journals), each marked with its reason:
    //   // eslint-disable-next-line no-restricted-syntax -- SQL: <why>
    files: ['api/**', 'cli/**', 'domain/**', 'engines/**', 'jobs/**', 'lib/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='db'][arguments.0.type='Literal']",
          message:
            'Use the Objection model of this table, or say why SQL is the point (see eslint.config.js).',
        },
        {
          selector:
            "CallExpression[callee.type='Identifier'][callee.name=/^(db|trx|knex|tx)$/][arguments.0.type='Literal']",
          message:
            'Use the Objection model of this table, or say why SQL is the point (see eslint.config.js).',
        },
        // A refusal the API answers is worded in both languages: bilingual(fr, en) as its message
        // (domain/errors.ts), so a French caller never reads an English sentence in the envelope.
        {
          selector:
            'NewExpression[callee.name=/^(ConflictError|QuotaExceededError|TokenError)$/][arguments.1.type=/^(Literal|TemplateLiteral)$/]',
          message:
            'Word this refusal in both languages: bilingual(fr, en) as its message (domain/errors.ts).',
        },
        {
          selector:
            'NewExpression[callee.name=/^(ValidationError|UnauthorizedError|ForbiddenError|PayloadTooLargeError|UnsupportedMediaTypeError|ServiceUnavailableError)$/][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
          message:
            'Word this refusal in both languages: bilingual(fr, en) as its message (domain/errors.ts).',
        },
      ],
    },
  },
);
