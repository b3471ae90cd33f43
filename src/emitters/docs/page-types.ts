// What a docs template sees: one page per interface module, as plain data. Every key is always
// present (null or an empty list when there is nothing), so strict templates can tell a
// misspelled name from an absent value. Text is already safe for Markdown (see markdown.ts).
// Users who write their own templates write against these names.
import type { Origin } from '../../ir/types.js';

/**
 * Whether the module's definitions record origins (`origin:` anywhere). Without, every origin is "spec" by
 * default alone: svcgen's templates then show no Origin column and no spec/convention wording.
 */
export interface OriginsShown {
  readonly origins: boolean;
}

export interface OriginView {
  /** "spec" (the interface document) or "convention" (chosen where the document is silent). */
  readonly origin: Origin;
  readonly convention: boolean;
}

export interface DocsPage extends OriginsShown {
  readonly title: string;
  readonly module: string;
  readonly sourceFile: string;
  readonly description: string | null;
  readonly basePath: string;
  readonly versions: string | null;
  readonly envelope: string;
  readonly errorBody: string;
  /** How many elements are conventions, or null where no origins are recorded. */
  readonly conventionSummary: string | null;
  readonly auth: readonly AuthView[];
  readonly routes: readonly RouteView[];
  readonly records: readonly RecordView[];
  readonly errors: readonly ErrorView[];
  readonly limits: readonly LimitView[];
}

export interface FactView extends OriginView {
  readonly label: string;
  readonly value: string;
}

export interface AuthView extends OriginView, OriginsShown {
  readonly name: string;
  readonly type: string;
  readonly description: string | null;
  readonly facts: readonly FactView[];
}

/** A route's parameter or a record's field. */
interface ValueView extends OriginView {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly default: string | null;
  readonly description: string | null;
}

export interface ParameterView extends ValueView {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
}

interface BodyView {
  readonly type: string;
  readonly required: boolean;
  readonly formats: string;
  readonly alternative: string | null;
}

export interface ResponseView extends OriginView {
  /** A status (200), a class of them ('4XX') or 'default'. */
  readonly status: number | string;
  readonly body: string | null;
  readonly description: string | null;
  readonly headers: string | null;
}

/** A route, record or error, which links can point at. */
interface Anchored {
  readonly name: string;
  /** "route-", "record-" or "error-" and the name in lower case (a record of another module: its file too). */
  readonly anchor: string;
}

export interface RouteErrorView extends Anchored {
  readonly status: number;
  readonly kind: string;
}

export interface RouteView extends Anchored, OriginView, OriginsShown {
  readonly method: string;
  readonly path: string;
  readonly aliases: readonly string[];
  readonly summary: string | null;
  readonly description: string | null;
  readonly auth: string | null;
  readonly privilege: string | null;
  /** The scopes the caller must hold, space-separated as OAuth writes them; null for none. */
  readonly scopes: string | null;
  readonly action: string | null;
  /** The tags the route is listed under, as written. */
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  readonly parameters: readonly ParameterView[];
  readonly body: BodyView | null;
  readonly responses: readonly ResponseView[];
  readonly errors: readonly RouteErrorView[];
}

export interface FieldView extends ValueView {
  readonly readOnly: boolean;
  /** The field's own example as JSON, or null. */
  readonly example: string | null;
}

export interface RecordView extends Anchored, OriginView, OriginsShown {
  /** The definition file of a record from another module, else null. */
  readonly from: string | null;
  readonly description: string | null;
  readonly apiAlias: string | null;
  readonly fields: readonly FieldView[];
  /** What becomes of members the record does not name, when they are not refused (open or ignoring records). */
  readonly otherMembers: string | null;
  /** Whether any field has an example: the table then has an Example column. */
  readonly fieldExamples: boolean;
  /** The record's own example as one line of JSON, or null. */
  readonly example: string | null;
}

export interface ErrorView extends RouteErrorView, OriginView {
  readonly code: string | null;
  readonly title: string | null;
  readonly message: string | null;
  readonly description: string | null;
}

export interface LimitView extends OriginView {
  readonly what: string;
  readonly value: string;
}
