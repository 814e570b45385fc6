/** JSON:API-style documents as the service returns them: always data, errors, included, links. */

export interface Relationship {
  data?: { id: string; type: string } | null;
  links?: { related: string };
}

export interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, Relationship> | null;
  /** Resource-level links, e.g. `self` and `download` of a document. */
  links?: Record<string, string>;
}

export interface ErrorObject {
  status: string;
  title: string;
  detail: string;
  source?: Record<string, string>;
}

export interface Document {
  data: ResourceObject | ResourceObject[] | null;
  errors: ErrorObject[] | null;
  included: ResourceObject[] | null;
  links: Record<string, string | null> | null;
}

export function resourceDocument(data: ResourceObject, included: ResourceObject[] | null = null): Document {
  return { data, errors: null, included, links: null };
}

export function listDocument(data: ResourceObject[], included: ResourceObject[] | null, next: string | null): Document {
  return { data, errors: null, included, links: { next } };
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A rejection answered with an `errors[]` document. Thrown by handlers, rendered by the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly source?: Record<string, string>,
    /** Headers the answer carries, e.g. a WWW-Authenticate challenge. */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }

  toDocument(): Document {
    const error: ErrorObject = { status: String(this.status), title: TITLES[this.status] ?? 'Error', detail: this.detail };
    if (this.source) error.source = this.source;
    return { data: null, errors: [error], included: null, links: null };
  }
}

/** Source member for a field of the request body, e.g. pointer("data", "attributes", "state"). */
export function pointer(...path: string[]): Record<string, string> {
  return { pointer: `/${path.join('/')}` };
}

export function parameter(name: string): Record<string, string> {
  return { parameter: name };
}
