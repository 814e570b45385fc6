import { singular } from './words.js';

/** The parts of a JSON:API document this server reads. */
export interface ResourceIdentifier {
  id: string;
  type: string;
}

export interface ResourceObject extends ResourceIdentifier {
  attributes?: Record<string, unknown> | null;
  relationships?: Record<string, { data?: ResourceIdentifier | ResourceIdentifier[] | null } | null> | null;
}

export interface JsonApiDocument {
  data?: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[] | null;
  links?: Record<string, string | null> | null;
  errors?: unknown;
}

/** A resource as the model and structured output see it. */
export type FlatResource = { id: string; type: string } & Record<string, unknown>;

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * Attributes move to the top level (null and empty values dropped). Related ids
 * become `<name>_id` (to-many: `<singular>_ids`) unless an attribute of the same
 * name already carries that id, as the API repeats most foreign keys as plain
 * attributes. Link-only relationships are dropped: tools, not URLs, reach related data.
 */
export function flattenResource(resource: ResourceObject): FlatResource {
  if (resource.attributes === undefined && resource.relationships === undefined) {
    // Some answers put plain fields straight into `data` (e.g. an uploaded tax waiver's filename).
    return Object.fromEntries(Object.entries(resource).filter(([, value]) => !isBlank(value))) as FlatResource;
  }
  const flat: FlatResource = { id: resource.id, type: resource.type };
  for (const [name, value] of Object.entries(resource.attributes ?? {})) {
    // An attribute called id or type (a contact's type) must not hide the resource's own.
    if (!isBlank(value)) flat[name === 'id' || name === 'type' ? `${resource.type.toLowerCase()}_${name}` : name] = value;
  }
  for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
    const data = relationship?.data;
    if (Array.isArray(data)) {
      flat[`${singular(name)}_ids`] = data.map((item) => item.id);
    } else if (data && flat[name] !== data.id) {
      flat[`${name}_id`] = data.id;
    }
  }
  return flat;
}

/** Included resources, flattened and grouped by type, for compound documents. */
export function flattenIncluded(document: JsonApiDocument): FlatResource[] {
  return (document.included ?? []).map(flattenResource);
}
