import {
  COMPARISONS_OR_NULL,
  filterOn,
  type FilterFamily,
  type FilterOperation,
  type FilterSpec,
  type FilterSpecs,
} from '../query.js';
import { computedResource, getOne, listOf, type Resource } from '../resource.js';
import type { RouteSpec } from '../router.js';
import type { Row } from '../table.js';
import { CUSTOM_FIELD_OBJECT_TYPES, CUSTOM_FIELD_TYPES, CUSTOM_FIELD_UNITS, type CustomFieldObjectType } from './enums.js';
import { perProduct, type Product } from './product.js';
import type { CoreTables, CustomFieldDefinitionRecord, CustomFieldValue } from './records.js';

/*
 * Custom fields: definitions configured in Alasco (read-only) and their values on contracts and
 * projects. MONEY fields were retired: they are shown as DECIMAL with unit CURRENCY, their values
 * as decimal strings. A CUSTOM_FIELD resource carries its definition's id, the uuid that
 * `filter[custom_fields.<uuid>.<op>]` names.
 */

const definitionResource = perProduct((product): Resource<CustomFieldDefinitionRecord> => ({
  type: 'CUSTOM_FIELD_DEFINITION',
  label: 'Custom field definition',
  table: (store) => product.tables(store).customFieldDefinitions,
  attributes: (definition) => ({
    name: definition.name,
    description: definition.description,
    export_name: definition.export_name,
    field_type: definition.field_type === 'MONEY' ? 'DECIMAL' : definition.field_type,
    object_type: definition.object_type,
    unit: definition.field_type === 'MONEY' ? 'CURRENCY' : definition.unit,
  }),
}));

/** A value on one object, listed in the order of the definitions. */
interface CustomFieldRow extends Row {
  name: string;
  value: string | number | string[];
}

const customFieldResource = computedResource<CustomFieldRow>('CUSTOM_FIELD', 'Custom field', (row) => ({
  name: row.name,
  value: row.value,
}));

/** How a stored value is written: booleans as "true"/"false", the value type having no boolean. */
function renderValue(value: CustomFieldValue): string | number | string[] {
  return typeof value === 'boolean' ? String(value) : value;
}

/** The custom field rows of an object that has values, for the given object type. */
function customFieldRows(
  tables: CoreTables,
  objectType: CustomFieldObjectType,
  values: Record<string, CustomFieldValue>,
): CustomFieldRow[] {
  return tables.customFieldDefinitions
    .all()
    .filter((definition) => definition.object_type === objectType && Object.hasOwn(values, definition.id))
    .map((definition) => ({
      id: definition.id,
      seq: definition.seq,
      name: definition.name,
      value: renderValue(values[definition.id] as CustomFieldValue),
    }));
}

/** GET of an object's custom fields, e.g. `/contracts/{contract_id}/custom_fields/`. */
export function customFieldList<P extends Row & { custom_fields: Record<string, CustomFieldValue> }>(
  product: Product,
  parent: Resource<P>,
  param: string,
  objectType: CustomFieldObjectType,
) {
  return listOf(customFieldResource, {
    within: { param, parent, rows: (record, store) => customFieldRows(product.tables(store), objectType, record.custom_fields) },
  });
}

const COMPARED: readonly FilterOperation[] = ['exact', ...COMPARISONS_OR_NULL];

/** `filter[custom_fields.<uuid>.<op>]` on records holding custom field values; operations follow the field type. */
export function customFieldFilters<R extends Row & { custom_fields: Record<string, CustomFieldValue> }>(
  product: Product,
  objectType: CustomFieldObjectType,
): FilterFamily<R> {
  return {
    prefix: 'custom_fields',
    hint: 'filter[custom_fields.<uuid>.<operation>] (operations by field type)',
    member(name, store) {
      const definition = product.tables(store).customFieldDefinitions.get(name);
      if (!definition || definition.object_type !== objectType) return undefined;
      const spec = specFor(definition);
      const read = (record: R) => {
        const value = record.custom_fields[definition.id];
        return typeof value === 'number' ? String(value) : (value ?? null);
      };
      return { ...spec, value: read } as FilterSpec<R>;
    },
  };
}

function specFor(definition: CustomFieldDefinitionRecord): FilterSpec<Row> {
  switch (definition.field_type) {
    case 'TEXT':
      return filterOn.text();
    case 'SELECT':
    case 'MULTISELECT':
      return filterOn.choice(definition.options);
    case 'DATE':
      return filterOn.date(COMPARED);
    case 'BOOLEAN':
      return filterOn.flag();
    default:
      return filterOn.decimal(COMPARED);
  }
}

const definitionFilters: FilterSpecs<CustomFieldDefinitionRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  description: filterOn.text(),
  export_name: filterOn.text(),
  field_type: filterOn.choice(CUSTOM_FIELD_TYPES),
  unit: filterOn.choice(CUSTOM_FIELD_UNITS),
  object_type: filterOn.choice(CUSTOM_FIELD_OBJECT_TYPES),
};

export const definitionRoutes = (product: Product): RouteSpec[] => [
  {
    method: 'GET',
    path: '/custom_field_definitions/',
    handler: listOf(definitionResource(product), { filters: definitionFilters }),
  },
  { method: 'GET', path: '/custom_field_definitions/{id}/', handler: getOne(definitionResource(product)) },
];
