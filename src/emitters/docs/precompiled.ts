// svcgen's own docs templates as handlebars compiled them when the CLI was bundled: scripts/bundle-cli.mjs
// writes them into this module in the bundle, so that a cold run compiles none of them (docs/performance.md,
// "Cold runs of four interfaces"). Empty in tsc's modules, where each is compiled at its first page; a
// template whose text is not the one compiled (a user's, or an edited copy) is compiled as well.
export interface PrecompiledTemplate {
  /** The text that was compiled. */
  readonly text: string;
  /** handlebars' precompiled form (its types declare TemplateSpecification globally). */
  readonly spec: TemplateSpecification;
}

/** By file name ("docs-route.md.hbs"). */
export const PRECOMPILED: Readonly<Record<string, PrecompiledTemplate>> = {};
