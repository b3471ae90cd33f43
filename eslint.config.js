// ESLint for svcgen's own sources: typescript-eslint's recommended rules (without type
// information, so linting stays fast), and lines of at most 120 characters where prettier cannot
// wrap them (comments; long strings, URLs and regular expressions are left as they are).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** What Node.js provides to every module. */
const NODE_GLOBALS = ['Buffer', 'URL', 'clearTimeout', 'console', 'fetch', 'process', 'setImmediate', 'setTimeout'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'examples/react-app/dist/',
      'generated/',
      '**/node_modules/',
      'test/fixtures/',
      'test/.tmp-*/',
      '**/generated/',
      'bench/.work/',
      'ecosystem/out/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: Object.fromEntries(NODE_GLOBALS.map((name) => [name, 'readonly'])) },
    rules: {
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
      // `_name` marks a value destructured only to leave it out.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Escaping control characters is what those expressions are for.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read untyped JSON from servers and third-party libraries.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
