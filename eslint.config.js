// ESLint for svcgen's own sources: typescript-eslint's recommended rules (without type
// information, so linting stays fast), and lines of at most 120 characters where prettier cannot
// wrap them (comments; long strings, URLs and regular expressions are left as they are).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'generated/', 'node_modules/', 'test/fixtures/', 'examples/**/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
      // `_name` marks a value destructured only to leave it out.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
);
