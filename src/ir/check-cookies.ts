// Checks of cookie parameters: a cookie carries one text (RFC 6265 cookie-value), so only scalars,
// enums and lists of them, written as OpenAPI's cookie style form without explode (name=a,b); and
// a route's cookie must not take the name of the cookie its apiKey scheme reads the key from.
import type { Diagnostic } from '../definitions/diagnostics.js';
import type { ModuleIr, ParameterIr, RouteIr } from './types.js';
import { describeType } from './values.js';
import { isScalarType } from './wire-shapes.js';

export function checkCookies(modules: readonly ModuleIr[]): Diagnostic[] {
  return modules.flatMap((module) =>
    module.routes.flatMap((route) => [
      ...route.cookies.flatMap((param) => checkWritten(route, param)),
      ...checkKeyCookie(module, route),
    ]),
  );
}

/** SVC237: a structured value, or a style other than form, has no cookie form every tool writes alike. */
function checkWritten(route: RouteIr, param: ParameterIr): Diagnostic[] {
  const where = `cookie "${param.name}" of route "${route.name}"`;
  const expected = 'expected a string, number, integer, boolean, date or enum, or a list of them sent as a,b';
  const type = param.type;
  const written = isScalarType(type) || (type.kind === 'list' && isScalarType(type.items));
  if (!written)
    return [{ ...param.location, code: 'SVC237', message: `${where} is ${describeType(type)} (${expected})` }];
  if (param.style !== 'form')
    return [
      {
        ...param.location,
        code: 'SVC237',
        message: `${where} has style ${param.style}, which cookies do not have (expected no style: a cookie value is one text, a list a,b)`,
      },
    ];
  return [];
}

/** SVC238: the key cookie and the parameter would be one cookie: the key would reach the handler, or shadow it. */
function checkKeyCookie(module: ModuleIr, route: RouteIr): Diagnostic[] {
  const scheme = module.auth.find((candidate) => candidate.name === route.auth);
  if (scheme?.type !== 'apiKey' || scheme.in !== 'cookie') return [];
  const twin = route.cookies.find((param) => param.name === scheme.keyName);
  if (!twin) return [];
  return [
    {
      ...twin.location,
      code: 'SVC238',
      message: `cookie "${twin.name}" of route "${route.name}" is the cookie the apiKey scheme "${scheme.name}" reads the key from (expected another name for the parameter)`,
    },
  ];
}
