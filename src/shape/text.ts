/**
 * Compact text for the model: ids kept, nulls already dropped by flattening, money
 * written out with its currency. Structured content carries the same data exactly.
 * Every string from the API is escaped to one line here; callers put the lines in an
 * untrusted-data envelope.
 */
import type { ResourceView } from '../dispatch/operation.js';
import type { FlatResource } from './jsonapi.js';
import { formatAmount, formatGross, formatMoney, grossOf, isGrossMoney, isMoney, type Money } from './money.js';
import { escapeUntrusted } from './untrusted.js';

export function renderValue(value: unknown): string {
  if (isMoney(value)) return formatMoney(value);
  if (isGrossMoney(value)) return formatGross(value);
  if (Array.isArray(value)) return value.map(renderValue).join(', ');
  if (typeof value === 'object' && value !== null) return escapeUntrusted(JSON.stringify(value));
  return escapeUntrusted(String(value));
}

const GENERIC_LABEL = ['name', 'identifier', 'external_identifier'];

function labelOf(item: FlatResource, label: readonly string[]): string {
  const key = label.find((name) => item[name] !== undefined);
  return key ? renderValue(item[key]) : `${renderValue(item.type)} (no ${label.join(' or ')})`;
}

function row(item: FlatResource, label: readonly string[], columns: readonly string[]): string {
  const cells = columns.filter((column) => item[column] !== undefined).map((column) => `${column}: ${renderValue(item[column])}`);
  return ['- ' + labelOf(item, label), `id: ${renderValue(item.id)}`, ...cells].join(' | ');
}

/** A column that repeats the attribute it stands beside adds nothing. */
function repeats(view: ResourceView, item: FlatResource, column: string): boolean {
  const other = view.unlessEqualTo?.[column];
  return other !== undefined && JSON.stringify(item[column]) === JSON.stringify(item[other]);
}

export function renderRow(view: ResourceView, item: FlatResource): string {
  return row(
    item,
    view.label,
    view.columns.filter((column) => !repeats(view, item, column)),
  );
}

/** The view's meanings of the attributes these rows show, as notes. */
export function renderMeanings(view: ResourceView, items: readonly FlatResource[]): string {
  const notes = Object.entries(view.meanings ?? {})
    .filter(([attribute]) => items.some((item) => item[attribute] !== undefined))
    .map(([, meaning]) => meaning);
  return notes.length ? `\nNote: ${notes.join(' ')}` : '';
}

export function renderResource(view: ResourceView, item: FlatResource): string {
  const lines = Object.entries(item)
    .filter(([key]) => key !== 'id' && key !== 'type')
    .map(([key, value]) => `${escapeUntrusted(key)}: ${renderValue(value)}`);
  const name = `${view.singular[0]?.toUpperCase()}${view.singular.slice(1)} ${labelOf(item, view.label)}`;
  const heading = item.id === undefined ? name : `${name} (id ${renderValue(item.id)})`;
  return [heading, ...lines].join('\n');
}

export function renderIncluded(included: readonly FlatResource[]): string[] {
  if (!included.length) return [];
  const rows = included.map((item) => row(item, GENERIC_LABEL, []).replace(/^- /, `- ${renderValue(item.type)} `));
  return ['Included related resources:', ...rows];
}

/** Totals per attribute and currency; `withGross` attributes show their gross as well. */
export function renderTotals(totals: Readonly<Record<string, readonly Money[]>>, withGross: readonly string[] = []): string {
  const lines = Object.entries(totals).map(([attribute, sums]) => {
    const shown = sums.map((sum) =>
      withGross.includes(attribute)
        ? `${formatMoney(sum)} / ${formatAmount(grossOf(sum), sum.currency)} gross`
        : formatMoney(sum),
    );
    return `Total ${attribute} of these rows: ${shown.join('; ')}`;
  });
  return lines.length ? `\n${lines.join('\n')}` : '';
}
