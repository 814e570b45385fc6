import type { IncomingMessage } from 'node:http';
import type { StoredFile } from './files/file-store.js';
import type { Store } from './store.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A stored file sent as the body instead of JSON (downloads that answer 200). */
  file?: StoredFile;
}

export interface SandboxRequest {
  method: Method;
  url: URL;
  /** Path parameters; uuid parameters are already validated and in canonical form. */
  params: Record<string, string>;
  /** Absolute base of the product the route belongs to, e.g. http://127.0.0.1:4100/fincon/v1 */
  base: string;
  store: Store;
  /** The request body parsed as JSON; throws the service's 422 for a missing or malformed body. */
  json(): unknown;
  /** The raw request; its body is still unread for multipart/form-data (see files/uploads.ts). */
  incoming: IncomingMessage;
}

export type Handler = (request: SandboxRequest) => Reply | Promise<Reply>;

/**
 * One operation. In `path`, `{name}` is a uuid path parameter and `{name:str}` a free string,
 * e.g. `/invoices/{invoice_id}/payments/{payment_id}/`.
 */
export interface RouteSpec {
  method: Method;
  path: string;
  handler: Handler;
  /** Also served under this path, which the API's OpenAPI description does not list (a documented alias). */
  alias?: string;
}

/** A route path as the API's OpenAPI writes it: `{name:str}` becomes `{name}`. */
export function pathTemplate(path: string): string {
  return path.replace(/\{(\w+):str\}/g, '{$1}');
}

interface Segment {
  literal?: string;
  param?: { name: string; uuid: boolean };
}

interface CompiledRoute {
  method: Method;
  basePath: string;
  segments: Segment[];
  trailingSlash: boolean;
  handler: Handler;
}

type RouteMatch =
  | { kind: 'route'; route: CompiledRoute; params: Record<string, string>; uuidParams: string[] }
  | { kind: 'redirect'; pathname: string }
  | { kind: 'method_not_allowed'; allow: Method[] }
  | { kind: 'not_found' };

export class Router {
  private readonly routes: CompiledRoute[] = [];

  mount(basePath: string, specs: readonly RouteSpec[]): void {
    const withAliases = specs.flatMap((spec) => (spec.alias ? [spec, { ...spec, path: spec.alias }] : [spec]));
    for (const spec of withAliases) {
      const full = basePath + spec.path;
      this.routes.push({
        method: spec.method,
        basePath,
        segments: splitPath(full).map(compileSegment),
        trailingSlash: full.endsWith('/'),
        handler: spec.handler,
      });
    }
    // Literal segments win over parameters at the first position where routes differ.
    this.routes.sort((a, b) => {
      const [left, right] = [specificity(a), specificity(b)];
      return left === right ? 0 : left < right ? -1 : 1;
    });
  }

  match(method: string, pathname: string): RouteMatch {
    const candidates = this.candidates(pathname);
    if (candidates.length === 0) {
      const toggled = pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`;
      return toggled !== '' && this.candidates(toggled).length > 0
        ? { kind: 'redirect', pathname: toggled }
        : { kind: 'not_found' };
    }
    const found = candidates.find((candidate) => candidate.route.method === method);
    if (!found) return { kind: 'method_not_allowed', allow: candidates.map((candidate) => candidate.route.method) };
    return { kind: 'route', ...found };
  }

  private candidates(pathname: string) {
    const parts = splitPath(pathname);
    const matches: { route: CompiledRoute; params: Record<string, string>; uuidParams: string[] }[] = [];
    for (const route of this.routes) {
      if (route.trailingSlash !== pathname.endsWith('/') || route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const uuidParams: string[] = [];
      const fits = route.segments.every((segment, i) => {
        const part = parts[i] as string;
        if (segment.literal !== undefined) return segment.literal === part;
        if (!segment.param || part === '') return false;
        params[segment.param.name] = part;
        if (segment.param.uuid) uuidParams.push(segment.param.name);
        return true;
      });
      if (fits) matches.push({ route, params, uuidParams });
    }
    // A literal route shadows parameter routes of the same shape (e.g. /files/metadata/ vs /files/{id}/).
    const best = matches[0] ? specificity(matches[0].route) : '';
    return matches.filter((match) => specificity(match.route) === best);
  }
}

function splitPath(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((part, i, all) => !(part === '' && (i === 0 || i === all.length - 1)))
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

function compileSegment(part: string): Segment {
  const param = /^\{(\w+)(:str)?\}$/.exec(part);
  if (!param) return { literal: part };
  return { param: { name: param[1] as string, uuid: param[2] === undefined } };
}

function specificity(route: CompiledRoute): string {
  return route.segments.map((segment) => (segment.literal !== undefined ? '0' : '1')).join('');
}
