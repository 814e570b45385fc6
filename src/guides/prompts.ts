/**
 * Prompts for the work controllers come back to: a monthly budget report, a payment registered
 * safely, a review of open change orders. Each turns into instructions that name the tools to
 * use in order; project arguments complete from names to ids.
 */
import { completable, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Reader } from '../dispatch/operation.js';
import { completeProjectIds } from './project-ids.js';

const asked = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

export interface PromptOptions {
  read: () => Reader;
  /** Whether the tools that move money are offered (not in read-only mode). */
  writes: boolean;
}

export function registerPrompts(server: McpServer, { read, writes }: PromptOptions): void {
  const projectId = completable(
    z.string().min(1).max(100).meta({ description: 'The project id; type part of its name to complete it' }),
    (typed) => completeProjectIds(read(), typed),
  );

  server.registerPrompt(
    'monthly_budget_report',
    {
      title: 'Monthly budget report for a project',
      description:
        'Budget, commitments, payments and forecast of one project, with the units over budget and what is still to pay.',
      argsSchema: z.object({
        project_id: projectId,
        month: z
          .string()
          .regex(/^\d{4}-\d{2}$/, { error: 'must be a month as YYYY-MM, e.g. 2026-11' })
          .meta({ description: 'The month reported on, YYYY-MM' })
          .optional(),
      }),
    },
    ({ project_id, month }) =>
      asked(
        [
          `Write the monthly budget report${month ? ` for ${month}` : ''} of project ${project_id}.`,
          `1. Call get_project_budget with {"project_id": "${project_id}"}: lead with its totals (current budget, contracted, approved, paid, forecast, deviation, open change orders weighted and unweighted), say what uncommitted does not deduct (draft contracts) and the undistributed budget, then name every row that is over budget and by how much.`,
          `2. Call get_project_payables with {"project_id": "${project_id}"}${month ? ` and due_before set to the first day of the month after ${month}` : ''}: say what is still to pay and what is overdue.`,
          '3. Where a row is over budget, look up its open change orders (search_tools "change orders of a project") and say which of them drive the overrun.',
          'Quote amounts exactly as the tools give them, with the currency; do not add figures up yourself.',
        ].join('\n'),
      ),
  );

  if (writes) {
    server.registerPrompt(
      'register_payment_safely',
      {
        title: 'Register a payment safely',
        description: 'Checks the invoice first, shows the preview, and registers the payment once, only after the person agrees.',
        argsSchema: z.object({
          invoice_id: z.string().min(1).max(100).meta({ description: 'The invoice (find it with list_invoices)' }),
          amount_gross: z.string().max(30).meta({ description: 'Gross amount to pay, e.g. "12400.00"' }).optional(),
        }),
      },
      ({ invoice_id, amount_gross }) =>
        asked(
          [
            `Register a payment${amount_gross ? ` of ${amount_gross} gross` : ''} on invoice ${invoice_id}, safely:`,
            `1. Call get_invoice_payment_status with {"invoice_id": "${invoice_id}"} and tell me its state, what is approved, paid so far and outstanding${amount_gross ? '' : ', and propose paying the outstanding amount'}.`,
            '2. Say whether this payment is partial (is_final_payment=false) or settles the invoice (is_final_payment=true, only for an APPROVED invoice), and warn me if it is more than what is outstanding.',
            '3. Call register_invoice_payment without a confirmation to get the preview, show me the preview, and wait for my explicit yes.',
            '4. Only after I agree, call it again with the same arguments plus the confirmation from the preview. Never repeat the call after an error: read the payment status first.',
          ].join('\n'),
        ),
    );
  }

  server.registerPrompt(
    'review_open_change_orders',
    {
      title: 'Review open change orders of a project',
      description:
        'The open change orders (Nachträge) of one project, what they would add to the budget, and which to decide first.',
      argsSchema: z.object({ project_id: projectId }),
    },
    ({ project_id }) =>
      asked(
        [
          `Review the open change orders of project ${project_id}.`,
          `1. Find them: search_tools "change orders", then call list_change_orders with {"filters": {"project.in": ["${project_id}"], "state.in": ["OPEN", "DETAILS_ENTERED"]}}, reading every page.`,
          '2. For each: contract, claimed and audited amount, weighting factor, how long it has been open.',
          `3. Call get_project_budget with {"project_id": "${project_id}"} and show, per contract unit, the open change orders (weighted by probability, and unweighted) against what is still uncommitted (draft contracts are not deducted from it); name the units they would push over budget.`,
          '4. Suggest which to decide first: the largest, the oldest, and those that push a unit over budget.',
        ].join('\n'),
      ),
  );
}
