/**
 * finance://projects/{project_id}/budget: the budget summary of a project as JSON, the same
 * figures get_project_budget gives, for clients that attach resources to a conversation.
 */
import { ResourceNotFoundError, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import type { Reader } from '../dispatch/operation.js';
import { escapeUntrusted } from '../shape/untrusted.js';
import { shortened } from '../shape/words.js';
import { completeProjectIds } from './project-ids.js';

export const BUDGET_TEMPLATE = 'finance://projects/{project_id}/budget';

/** Characters of a project's name a resource name carries: clients list them one per line. */
const NAME_LIMIT = 120;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerBudgetResource(server: McpServer, read: () => Reader): void {
  const template = new ResourceTemplate(BUDGET_TEMPLATE, {
    list: async () => ({
      resources: (await read().all('list_projects', {})).map((project) => ({
        uri: `finance://projects/${encodeURIComponent(project.id)}/budget`,
        name: `Budget of ${shortened(escapeUntrusted(String(project.name ?? project.id)), NAME_LIMIT)}`,
        mimeType: 'application/json',
      })),
    }),
    complete: { project_id: (typed) => completeProjectIds(read(), typed) },
  });
  server.registerResource(
    'project_budget',
    template,
    {
      title: 'Project budget summary',
      description:
        'Budget of one project per contract unit or cost element with exact totals (net, two decimals), as get_project_budget computes it.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const reader = read();
      const projectId = String(variables.project_id);
      const project = UUID.test(projectId) ? await reader.find('get_project', { project_id: projectId }) : undefined;
      if (!project)
        throw new ResourceNotFoundError(uri.href, `No project with id ${projectId.slice(0, 60)}; list them with resources/list.`);
      // The summary's module builds zod schemas: loaded with the first read, like the catalog.
      const { projectBudget } = await import('../../tools/summaries/project-budget.js');
      const budget = await projectBudget(reader, project);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(budget) }] };
    },
  );
}
