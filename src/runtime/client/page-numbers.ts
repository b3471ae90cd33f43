// The number of the page (or the offset) after a fetched one, for callers that fetch pages themselves (the
// generated TanStack Query hooks' getNextPageParam): json:api pages say it in their `next` link, pages with a
// `total` beside their items go on while fewer than `total` items were seen; offsets go on to the record after
// the last one fetched while that is before `total`.

/** What the page-number logic reads of a page: a json:api Page, or an `{items, total}` response. */
export interface CountedPage {
  readonly items: readonly unknown[];
  readonly total: number;
  readonly links?: Readonly<Record<string, string>>;
}

/** The `page` query parameter of a next link, or undefined when there is none (the last page). */
export function pageOfLink(link: string | undefined): number | undefined {
  if (link === undefined) return undefined;
  const page = Number(new URL(link, 'http://relative.invalid').searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : undefined;
}

/** The page after `last` (fetched as page `lastPage`), or undefined after the last page or an empty one. */
export function nextPageNumber(last: CountedPage, pages: readonly CountedPage[], lastPage: number): number | undefined {
  if (last.items.length === 0) return undefined;
  if (last.links !== undefined) return pageOfLink(last.links['next']);
  const seen = pages.reduce((sum, page) => sum + page.items.length, 0);
  return seen < last.total ? lastPage + 1 : undefined;
}

/** The offset after `last` (fetched from offset `lastOffset`), or undefined after the last record or an empty page. */
export function nextOffset(last: CountedPage, _pages: readonly CountedPage[], lastOffset: number): number | undefined {
  if (last.items.length === 0) return undefined;
  const next = lastOffset + last.items.length;
  return next < last.total ? next : undefined;
}
