// One operation of the input against the same operation of the emitted OpenAPI: parameters with
// location and required, and bodies judged by instances sampled from each side validated by the other.
import { isObject, type PreparedDocument, type Operation } from './documents.js';
import { sampleInstances } from './sample.js';

const SAMPLES = 6;

/** Why the operation is not faithful, or undefined when it is. */
export function compareOperation(
  input: PreparedDocument,
  inputOp: Operation,
  output: PreparedDocument,
  seed: number,
): string | undefined {
  const outputOp = output.operations.get(inputOp.key);
  if (!outputOp) return 'missing';
  const lost = [...inputOp.parameters].filter((parameter) => !outputOp.parameters.has(parameter));
  const added = [...outputOp.parameters].filter((parameter) => !inputOp.parameters.has(parameter));
  if (lost.length > 0 || added.length > 0)
    return `parameters ${[...lost.map((p) => `-${p}`), ...added.map((p) => `+${p}`)].join(' ')}`;
  // An optional body that can hold no member, on a method whose content means nothing (Stripe's empty form on GET):
  // a request without one says the same.
  const unused = (body: typeof inputOp.body) =>
    body && !body.required && CONTENTLESS.test(inputOp.key) && memberless(body.schema);
  if (unused(inputOp.body) && outputOp.body === undefined)
    return compareAnswers(input, inputOp, output, outputOp, seed);
  if ((inputOp.body === undefined) !== (outputOp.body === undefined))
    return inputOp.body ? 'request body lost' : 'request body added';
  if (inputOp.body && outputOp.body) {
    if (inputOp.body.required !== outputOp.body.required) return 'request body required differs';
    const problem = sameInstances(input, inputOp.body.schema, output, outputOp.body.schema, seed);
    if (problem) return `request body: ${problem}`;
  }
  return compareAnswers(input, inputOp, output, outputOp, seed);
}

const CONTENTLESS = /^(?:GET|HEAD|DELETE) /;

/** `{type: object, properties: {}, additionalProperties: false}`: only `{}`. */
function memberless(schema: unknown): boolean {
  return (
    isObject(schema) &&
    schema.additionalProperties === false &&
    (schema.properties === undefined || (isObject(schema.properties) && Object.keys(schema.properties).length === 0)) &&
    schema.allOf === undefined &&
    schema.oneOf === undefined &&
    schema.anyOf === undefined
  );
}

function compareAnswers(
  input: PreparedDocument,
  inputOp: Operation,
  output: PreparedDocument,
  outputOp: Operation,
  seed: number,
): string | undefined {
  for (const [status, schema] of inputOp.responses) {
    if (!outputOp.responses.has(status)) return `answer ${status} lost`;
    const other = outputOp.responses.get(status);
    // An error answer the input describes without content leaves its body open: the runtime's error body fits it.
    if (schema === null && errorAnswer(status)) continue;
    // A HEAD answer carries no content (RFC 9110 section 9.3.2): a body the input gives it is the GET's, never sent.
    if (inputOp.key.startsWith('HEAD ')) continue;
    if ((schema === null) !== (other === null)) return `answer ${status}: body ${schema === null ? 'added' : 'lost'}`;
    if (schema !== null) {
      const own = errorAnswer(status) ? withoutErrorBodies(other, output.sharedResponseBodies) : other;
      const problem = sameInstances(input, schema, output, own, seed);
      if (problem) return `answer ${status}: ${problem}`;
    }
  }
  return undefined;
}

/**
 * Whether svcgen's error body goes out under the answer: a 4xx or 5xx status or class, and `default`, which covers the
 * statuses of the errors a handler throws that no other answer has.
 */
function errorAnswer(status: string): boolean {
  return /^[45]/.test(status) || status === 'default';
}

/**
 * An error answer the runtime also sends on its own, or a handler's thrown errors reach, describes the input's body
 * and svcgen's error body, oneOf or anyOf: the input's branch alone is compared (the statuses svcgen adds are not
 * counted against it either).
 */
function withoutErrorBodies(schema: unknown, errorBodies: ReadonlySet<string>): unknown {
  if (!isObject(schema)) return schema;
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (!Array.isArray(branches)) return schema;
  const own = branches.filter((branch) => !(isObject(branch) && errorBodies.has(branch.$ref as string)));
  return own.length === 1 && own.length < branches.length ? own[0] : schema;
}

/** Each side's sampled instances must be accepted by the other side's schema. */
function sameInstances(
  a: PreparedDocument,
  schemaA: unknown,
  b: PreparedDocument,
  schemaB: unknown,
  seed: number,
): string | undefined {
  const validateA = a.validator(schemaA);
  const validateB = b.validator(schemaB);
  if (!validateA || !validateB) return 'a schema ajv cannot compile';
  for (const [from, schema, own, other, label] of [
    [a, schemaA, validateA, validateB, 'input instance refused by the output'],
    [b, schemaB, validateB, validateA, 'output instance refused by the input'],
  ] as const) {
    for (const instance of sampleInstances(schema, from.root, SAMPLES, seed)) {
      if (!own(instance)) continue; // the sampler missed its own schema: no evidence either way
      if (!other(instance))
        return `${label}: ${JSON.stringify(instance).slice(0, 120)} (${other.errors?.[0]?.instancePath ?? ''} ${other.errors?.[0]?.message ?? ''})`;
    }
  }
  return undefined;
}
