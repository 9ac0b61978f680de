import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.aviary/', 'src/http/field-enums.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        NodeJS: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // One line limit with the formatter's (.prettierrc.json); long string literals (SQL, messages) are kept whole.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the injected clock (src/shared/clock.ts).' },
      ],
      'no-restricted-imports': [
        'error',
        {
          name: 'twitter-text',
          message: 'Import it from src/shared/twitter-text.ts (it keeps V8 RegExp split fast; see there).',
        },
      ],
    },
  },
  {
    // Tests, benches and scripts may use any, wall time and loose shapes.
    files: ['test/**', 'bench/**', 'scripts/**', 'src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/shared/twitter-text.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The clock module is the one place that reads wall time.
    files: ['src/shared/clock.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
