// How every part of svcgen runs a definition's `pattern`: with the u flag. JSON Schema validators
// (ajv) compile an OpenAPI document's `pattern` with it, so the generated schemas, the checks of
// defaults and examples, the made-up examples and the backtracking analysis read it that way too:
// `a{` or `\-` (text without the flag, errors with it) are refused at load rather than read two ways.

export const PATTERN_FLAGS = 'u';

/** The pattern as the generated schemas compile it; throws where it is not a regular expression. */
export function patternRegExp(pattern: string): RegExp {
  return new RegExp(pattern, PATTERN_FLAGS);
}

/** Why a pattern cannot be compiled as the generated schemas compile it (SVC106), if it cannot. */
export function patternSyntaxProblem(pattern: string): string | undefined {
  try {
    patternRegExp(pattern);
    return undefined;
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    return (
      `pattern ${JSON.stringify(pattern)} is not a regular expression with the u flag, as the generated schemas and ` +
      `JSON Schema validators read it (${reason}; expected an ECMAScript regular expression: a literal {, }, [, ], ( ` +
      'or ) written with a backslash, as \\{, and a backslash only where it means something, as in \\. or \\d)'
    );
  }
}
