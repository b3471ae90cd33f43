// Banner Resource API handlers. Digest authentication and the route's privilege are checked by the
// generated server, which also validates each batch entry on its own; the entries are applied one by one here.
import type { BannerApiHandlers } from '../../generated/banner-api/server.js';
import { createBannerBodySchema } from '../../generated/banner-api/schemas.js';
import type { Banner, BannerBatchResult } from '../../generated/banner-api/types.js';
import type { HandlerContext } from '../../generated/runtime/server/server.js';
import {
  ApiError,
  NotFound,
  ParameterMissing,
  Validation,
  type Violation,
} from '../../generated/runtime/core/errors.js';
import type { Data } from './data.js';
import {
  badRequest,
  fromText,
  lookupField,
  orderClause,
  whereClause,
  type Condition,
  type FieldTable,
  type Operator,
} from './filters.js';

interface BannerRow {
  id: number;
  description: string;
  valid_from: string | null;
  valid_to: string | null;
  image: string;
  link: string;
  link_target: Banner['linkTarget'];
  category_id: number;
  extension: string;
}

type BannerInput = Omit<Banner, 'id' | 'extension'>;
type BannerChanges = { [K in keyof BannerInput]?: BannerInput[K] | undefined };

/** Whether a role holds a privilege on the banner resource (for batch entries that create). */
export type PrivilegeCheck = (role: string | undefined, privilege: string) => boolean;

const BANNER_FIELDS: FieldTable = {
  id: { column: 'id', kind: 'integer' },
  description: { column: 'description', kind: 'string' },
  validFrom: { column: 'valid_from', kind: 'string', nullable: true },
  validTo: { column: 'valid_to', kind: 'string', nullable: true },
  image: { column: 'image', kind: 'string' },
  link: { column: 'link', kind: 'string' },
  linkTarget: { column: 'link_target', kind: 'string' },
  categoryId: { column: 'category_id', kind: 'integer' },
  extension: { column: 'extension', kind: 'string' },
};

const EXPRESSIONS: Readonly<Record<string, Operator>> = {
  '=': 'eq',
  '==': 'eq',
  '!=': 'neq',
  '<>': 'neq',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
  LIKE: 'like',
  IN: 'in',
};

function bannerRecord(row: BannerRow): Banner {
  return {
    id: row.id,
    description: row.description,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    image: row.image,
    link: row.link,
    linkTarget: row.link_target,
    categoryId: row.category_id,
    extension: row.extension,
  };
}

/** "media/image/summer.JPG" → "jpg"; "" when the file name has no extension. */
export function extensionOf(image: string): string {
  const name = image.split(/[/\\]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

function toCondition(filter: { property: string; value: unknown; expression?: string | undefined }): Condition {
  const spec = lookupField(BANNER_FIELDS, filter.property, 'filter property');
  const expression = (filter.expression ?? '=').trim().toUpperCase();
  const operator = Object.hasOwn(EXPRESSIONS, expression) ? EXPRESSIONS[expression] : undefined;
  if (!operator)
    throw badRequest(
      `unknown filter expression "${filter.expression ?? ''}"; known: ${Object.keys(EXPRESSIONS).join(' ')}`,
    );
  const value = Array.isArray(filter.value)
    ? filter.value.map((item) => fromText(spec, item))
    : fromText(spec, filter.value);
  return { field: filter.property, operator, value };
}

/** Rules across fields: the validity period must not end before it starts. */
function periodViolations(banner: Pick<BannerInput, 'validFrom' | 'validTo'>): Violation[] {
  const { validFrom, validTo } = banner;
  if (validFrom == null || validTo == null) return [];
  return Date.parse(validTo) < Date.parse(validFrom)
    ? [{ pointer: '/validTo', message: 'This value should not be before validFrom.' }]
    : [];
}

/** Each entry in order, one after the other (later entries see what earlier ones wrote). */
async function inTurn<Entry, Result>(
  entries: readonly Entry[],
  each: (entry: Entry) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (const entry of entries) results.push(await each(entry));
  return results;
}

function pointerPath(pointer: string): string {
  return pointer.split('/').filter(Boolean).join('.');
}

export function createBannerHandlers(db: Data, can: PrivilegeCheck): BannerApiHandlers {
  // `on`: the service's data, or a transaction of it.
  const findRow = (id: number, on = db): Promise<BannerRow | undefined> =>
    on.get<BannerRow>('SELECT * FROM banner WHERE id = ?', id);

  const requireRow = async (id: number, on = db): Promise<BannerRow> => {
    if (!Number.isSafeInteger(id) || id <= 0) throw new ParameterMissing('id');
    const row = await findRow(id, on);
    if (!row) throw new NotFound({ params: { id } });
    return row;
  };

  const ref = (id: number, context: HandlerContext) => ({ id, location: context.resourceUrl(id) });

  const insert = async (banner: BannerInput): Promise<number> => {
    const violations = periodViolations(banner);
    if (violations.length > 0) throw new Validation(violations);
    return db.insert(
      `INSERT INTO banner (description, valid_from, valid_to, image, link, link_target, category_id, extension)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      banner.description,
      banner.validFrom ?? null,
      banner.validTo ?? null,
      banner.image,
      banner.link,
      banner.linkTarget,
      banner.categoryId,
      extensionOf(banner.image),
    );
  };

  const update = async (id: number, changes: BannerChanges, on = db): Promise<void> => {
    const row = await requireRow(id, on);
    const merged: BannerInput = {
      ...bannerRecord(row),
      ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    };
    const violations = periodViolations(merged);
    if (violations.length > 0) throw new Validation(violations);
    await on.run(
      `UPDATE banner SET description = ?, valid_from = ?, valid_to = ?, image = ?, link = ?, link_target = ?, category_id = ?, extension = ?
       WHERE id = ?`,
      merged.description,
      merged.validFrom ?? null,
      merged.validTo ?? null,
      merged.image,
      merged.link,
      merged.linkTarget,
      merged.categoryId,
      extensionOf(merged.image),
      id,
    );
  };

  /** A failed batch entry as the conventions show it: message, and the violations when there are any. */
  const failure = (error: unknown): BannerBatchResult => {
    if (!(error instanceof ApiError)) throw error;
    const message =
      error instanceof NotFound
        ? `Banner by id ${String(error.params['id'])} not found`
        : error.kind === 'validation'
          ? 'Validation error'
          : error.message;
    const result: BannerBatchResult = { success: false, message };
    if (error.violations.length > 0)
      result.errors = error.violations.map((violation) => `${pointerPath(violation.pointer)}: ${violation.message}`);
    return result;
  };

  /** A batch entry that failed its schema: the same answer as a Validation error for it. */
  const invalid = (violations: readonly Violation[]): BannerBatchResult => failure(new Validation([...violations]));

  const role = (context: HandlerContext): string | undefined =>
    context.principal?.kind === 'digest' ? (context.principal.role ?? context.principal.username) : undefined;

  return {
    async listBanners({ query }) {
      const where = whereClause(BANNER_FIELDS, query.filter.map(toCondition), db.like);
      const order = orderClause(BANNER_FIELDS, query.sort, 'id ASC');
      const total = await db.count(`SELECT COUNT(*) AS n FROM banner ${where.sql}`, ...where.params);
      const rows = await db.all<BannerRow>(
        `SELECT * FROM banner ${where.sql} ${order} LIMIT ? OFFSET ?`,
        ...where.params,
        query.limit,
        query.start,
      );
      return { data: rows.map(bannerRecord), total };
    },

    async getBanner({ params }) {
      return bannerRecord(await requireRow(params.id));
    },

    async createBanner({ body }, context) {
      return ref(await insert(body), context);
    },

    async updateBanner({ params, body }, context) {
      await update(params.id, body);
      return ref(params.id, context);
    },

    async deleteBanner({ params }) {
      await requireRow(params.id);
      await db.run('DELETE FROM banner WHERE id = ?', params.id);
    },

    async batchUpdateBanners({ body }, context) {
      return inTurn(body, async (entry): Promise<BannerBatchResult> => {
        if (!entry.valid) return invalid(entry.violations);
        const { id, ...changes } = entry.value;
        try {
          if (id !== undefined) {
            await db.transaction((tx) => update(id, changes, tx));
            return { success: true, operation: 'update', data: ref(id, context) };
          }
          if (!can(role(context), 'create')) {
            return {
              success: false,
              message: `Role "${role(context) ?? ''}" is not allowed to "create" on resource "banner"`,
            };
          }
          const parsed = createBannerBodySchema.safeParse(changes);
          if (!parsed.success) {
            throw new Validation(
              parsed.error.issues.map((issue) => ({
                pointer: `/${issue.path.map(String).join('/')}`,
                message: issue.message,
              })),
            );
          }
          return { success: true, operation: 'create', data: ref(await insert(parsed.data), context) };
        } catch (error) {
          return failure(error);
        }
      });
    },

    async batchDeleteBanners({ body }, context) {
      return inTurn(body, async (entry): Promise<BannerBatchResult> => {
        if (!entry.valid) return invalid(entry.violations);
        const { id } = entry.value;
        try {
          await requireRow(id);
          await db.run('DELETE FROM banner WHERE id = ?', id);
          return { success: true, operation: 'delete', data: ref(id, context) };
        } catch (error) {
          return failure(error);
        }
      });
    },
  };
}
