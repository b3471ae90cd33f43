// The width prettier gives text when it pads Markdown table cells (its getStringWidth): one column
// per character, none for control characters and combining marks, two for wide East Asian
// characters and for emoji. Tables only line up the way prettier lines them up if we count the
// same way, so the wide characters below were measured from prettier 3 itself, code point by
// code point (test/docs/display-width.test.ts checks them against the installed prettier).

const WIDE_RANGES = `1100-115f 231a-231b 2329-232a 23e9-23ec 23f0 23f3 25fd-25fe 2614-2615 261d 2630-2637 2648-2653
267f 268a-268f 2693 26a1 26aa-26ab 26bd-26be 26c4-26c5 26ce 26d4 26ea 26f2-26f3 26f5 26f9-26fa 26fd 2705
270a-270d 2728 274c 274e 2753-2755 2757 2795-2797 27b0 27bf 2b1b-2b1c 2b50 2b55 2e80-2e99 2e9b-2ef3 2f00-2fd5
2ff0-3029 302e-303e 3041-3096 309b-30ff 3105-312f 3131-318e 3190-31e5 31ef-321e 3220-3247 3250-a48c a490-a4c6
a960-a97c ac00-d7a3 f900-faff fe10-fe19 fe30-fe52 fe54-fe66 fe68-fe6b ff01-ff60 ffe0-ffe6 16fe0-16fe3
16ff0-16ff6 17000-18cda 18cff-18d20 18d80-18df2 18e00-19191 191a0-191d2 1aff0-1aff3 1aff5-1affb 1affd-1affe
1b000-1b128 1b132 1b150-1b152 1b155 1b164-1b168 1b170-1b2fb 1d300-1d356 1d360-1d376 1f004 1f0cf 1f18e
1f191-1f19a 1f1ae 1f200-1f202 1f210-1f23b 1f240-1f248 1f250-1f251 1f260-1f265 1f300-1f320 1f32d-1f335
1f337-1f37c 1f37e-1f393 1f3a0-1f3cc 1f3cf-1f3d3 1f3e0-1f3f0 1f3f4 1f3f8-1f43e 1f440 1f442-1f4fc 1f4ff-1f53d
1f54b-1f54e 1f550-1f567 1f574-1f575 1f57a 1f590 1f595-1f596 1f5a4 1f5fb-1f64f 1f680-1f6c5 1f6cc 1f6d0-1f6d2
1f6d5-1f6d9 1f6dc-1f6df 1f6eb-1f6ec 1f6f4-1f6fc 1f7da 1f7e0-1f7eb 1f7f0 1f90c-1f93a 1f93c-1f945 1f947-1f9ff
1fa70-1fa7c 1fa80-1fac6 1fac8 1facc-1fadd 1fadf-1faeb 1faef-1fafa 20000-2fffd 30000-3fffd`;

/** [first, last] code points, sorted, for a binary search. */
const WIDE: readonly (readonly [number, number])[] = WIDE_RANGES.split(/\s+/).map((range) => {
  const [first, last = first] = range.split('-').map((hex) => Number.parseInt(hex, 16)) as [number, number?];
  return [first, last];
});

/**
 * Emoji sequences prettier counts as one wide character: keycaps, a presentation selector after
 * an emoji (not after a regional indicator), an emoji with a skin tone (not the family emoji,
 * which has no such sequence). Flags are two regional indicators of one column each: two either way.
 */
const WIDE_SEQUENCE = /[#*0-9]\uFE0F?\u20E3|(?![\0-\x7F\p{Regional_Indicator}])\p{Emoji}\uFE0F|(?!\u{1F46A})\p{Emoji_Modifier_Base}\p{Emoji_Modifier}/gu;

/** Zero-width joiner sequences and tag sequences (subdivision flags) are counted by a list we do not have. */
const UNMEASURED = /[\u200D\u{E0020}-\u{E007F}]/u;

const ZERO_WIDTH_MARK = /[\p{Mn}\p{Me}]/u;

/** The width of `text` as prettier counts it, or undefined for emoji sequences we cannot count the same way. */
export function displayWidth(text: string): number | undefined {
  // Like prettier, printable ASCII (DEL included) is one column a character without a closer look.
  if (/^[\x20-\x7F]*$/.test(text)) return text.length;
  if (UNMEASURED.test(text)) return undefined;
  let width = 0;
  const rest = text.replace(WIDE_SEQUENCE, () => {
    width += 2;
    return '';
  });
  for (const char of rest) width += charWidth(char);
  return width;
}

function charWidth(char: string): number {
  const code = char.codePointAt(0) as number;
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || ZERO_WIDTH_MARK.test(char)) return 0;
  return isWide(code) ? 2 : 1;
}

function isWide(code: number): boolean {
  let low = 0;
  let high = WIDE.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = WIDE[middle] as readonly [number, number];
    if (code < first) high = middle - 1;
    else if (code > last) low = middle + 1;
    else return true;
  }
  return false;
}
