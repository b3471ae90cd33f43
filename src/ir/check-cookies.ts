// Checks of cookie parameters: a cookie carries one text (RFC 6265 cookie-value), so only scalars,
// enums and lists of them, written as OpenAPI's cookie style form without explode (name=a,b); and
// a route's cookie must not take the name of the cookie its apiKey scheme reads the key from.
import type { Report } from './context.js';
import type { Ir, ModuleIr, ParameterIr, RouteIr } from './types.js';
import { describeType } from './values.js';
import { isTextValue } from './wire-shapes.js';

export function checkCookies(ir: Ir, report: Report): void {
  for (const module of ir.modules) {
    for (const route of module.routes) {
      for (const param of route.cookies) checkWritten(route, param, report);
      checkKeyCookie(module, route, report);
    }
  }
}

/** SVC237: a structured value, or a style other than form, has no cookie form every tool writes alike. */
function checkWritten(route: RouteIr, param: ParameterIr, report: Report): void {
  const where = `cookie "${param.name}" of route "${route.name}"`;
  const expected = 'expected a string, number, integer, boolean, date or enum, or a list of them sent as a,b';
  if (!isTextValue(param.type))
    report(param.location, 'SVC237', `${where} is ${describeType(param.type)} (${expected})`);
  else if (param.style !== 'form')
    report(
      param.location,
      'SVC237',
      `${where} has style ${param.style}, which cookies do not have (expected no style: a cookie value is one text, a list a,b)`,
    );
}

/** SVC238: the key cookie and the parameter would be one cookie: the key would reach the handler, or shadow it. */
function checkKeyCookie(module: ModuleIr, route: RouteIr, report: Report): void {
  const scheme = module.auth.find((candidate) => candidate.name === route.auth);
  if (scheme?.type !== 'apiKey' || scheme.in !== 'cookie') return;
  const twin = route.cookies.find((param) => param.name === scheme.keyName);
  if (twin)
    report(
      twin.location,
      'SVC238',
      `cookie "${twin.name}" of route "${route.name}" is the cookie the apiKey scheme "${scheme.name}" reads the key from (expected another name for the parameter)`,
    );
}
