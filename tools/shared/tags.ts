import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';
import { TAG_COLORS } from './enums.js';
import { declarer } from '../kit.js';

export const tagView: ResourceView = {
  type: 'TAG',
  singular: 'tag',
  plural: 'tags',
  label: ['name'],
  columns: ['color'],
  schema: resourceSchema({ name: out.text, color: out.text }),
};

export function tagId(scope: Scope) {
  return uuid('The tag id', scope.tool('list_tags'));
}

/** The account's invoice tags: listing them is invoice work, maintaining them is setup. */
export function tagOperations(scope: Scope): Operation[] {
  const setup = declarer(scope, 'setup');
  const byId = { path: '/tags/{id}/', pathArgs: { id: 'tag_id' } } as const;
  return [
    declarer(
      scope,
      'invoice_admin',
    )({
      name: 'list_tags',
      title: 'List tags',
      description: 'Lists the invoice tags of the account.',
      method: 'GET',
      path: '/tags/',
      hints: hints.read,
      list: {},
      result: tagView,
    }),
    setup({
      name: 'create_tag',
      title: 'Create a tag',
      description: 'Creates an invoice tag.',
      method: 'POST',
      path: '/tags/',
      hints: hints.append,
      args: {
        name: text('e.g. "Prüfung Bauherr"'),
        color: choice(TAG_COLORS).optional(),
      },
      body: { type: 'TAG', attributes: ['name', 'color'] },
      result: tagView,
    }),
    setup({
      ...byId,
      name: 'update_tag',
      title: 'Update a tag',
      description: 'Renames a tag or changes its color.',
      method: 'PATCH',
      hints: hints.overwrite,
      args: {
        tag_id: tagId(scope),
        name: text().optional(),
        color: choice(TAG_COLORS, 'New color').optional(),
      },
      partialUpdate: true,
      body: { type: 'TAG', attributes: ['name', 'color'] },
      result: tagView,
    }),
    setup({
      ...byId,
      name: 'delete_tag',
      title: 'Delete a tag',
      description: 'Deletes a tag of the account.',
      method: 'DELETE',
      hints: hints.remove,
      args: { tag_id: tagId(scope) },
      result: { kind: 'empty', done: 'The tag was deleted' },
    }),
  ];
}
