/**
 * get_contractor_exposure: what is at stake with one contractor, per project and contract:
 * contracted, approved, paid and open (net), from the reporting API's contract rows.
 */
import { z } from 'zod';
import { defineSummary } from '../../src/dispatch/summary.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { formatAmount } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedInline } from '../../src/shape/untrusted.js';
import { fincon } from '../scope.js';
import { amountOut, cents, currencyOf, netOf, table, totalsOf } from './figures.js';
import { CONTRACTOR, exactlyOne, idOrName, resolveNamed } from './named.js';
import { byIds, distinctIds } from './reads.js';

const FIGURES = ['contracted', 'approved', 'paid', 'open'] as const;
type Figures = Record<(typeof FIGURES)[number], string>;
const figuresShape = {
  contracted: amountOut.meta({ description: 'main contract plus acknowledged change orders' }),
  approved: amountOut,
  paid: amountOut,
  open: amountOut.meta({ description: 'contracted minus paid' }),
};

const exposureSchema = z.object({
  contractor: z.object({ id: z.string(), name: z.string() }),
  currency: z.string().nullable(),
  projects: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      contracts: z.array(z.object({ id: z.string(), name: z.string().nullable(), ...figuresShape })),
      totals: z.object(figuresShape),
    }),
  ),
  totals: z.object(figuresShape),
  unreported_contracts: z.array(z.string()).meta({ description: 'contracts the reporting API has no row for yet' }),
});

function figuresOf(report: FlatResource): Figures {
  const contracted = netOf(report.main_contract_amount).plus(netOf(report.change_orders_amount));
  const paid = netOf(report.paid_amount);
  return {
    contracted: cents(contracted),
    approved: cents(netOf(report.approved_amount)),
    paid: cents(paid),
    open: cents(contracted.minus(paid)),
  };
}

export const getContractorExposure = defineSummary({
  name: 'get_contractor_exposure',
  title: 'Contractor exposure',
  description:
    'What is at stake with one contractor: per project and contract, contracted, approved, paid and open (net), with totals.',
  product: fincon.product,
  toolset: 'reporting',
  args: idOrName(CONTRACTOR),
  check: exactlyOne(CONTRACTOR),
  output: exposureSchema,
  async summarise(args, read) {
    const contractor = await resolveNamed(CONTRACTOR, args, read);
    const contracts = await read.all('list_contractor_contracts', { contractor_id: contractor.id });
    const units = await byIds(read, 'list_contract_units', distinctIds(contracts.map((contract) => contract.contract_unit)));
    const projectIds = distinctIds(units.map((unit) => unit.project));
    const [projects, reports] = await Promise.all([
      byIds(read, 'list_projects', projectIds),
      projectIds.length ? read.all('list_contract_financials', { filters: { 'project.in': projectIds } }) : [],
    ]);
    const reportOf = new Map(reports.map((report) => [report.id, report]));
    const projectOfUnit = new Map(units.map((unit) => [unit.id, String(unit.project)]));

    const grouped = new Map<string, Array<{ id: string; name: string | null } & Figures>>();
    // A contract the reporting API has no row for yet is named, not counted as zero.
    const unreported: string[] = [];
    for (const contract of contracts) {
      const report = reportOf.get(contract.id);
      const projectId = projectOfUnit.get(String(contract.contract_unit));
      if (!report || !projectId) {
        unreported.push(contract.id);
        continue;
      }
      const row = { id: contract.id, name: (contract.name as string) ?? null, ...figuresOf(report) };
      grouped.set(projectId, [...(grouped.get(projectId) ?? []), row]);
    }
    const projectRows = [...grouped].map(([id, rows]) => ({
      id,
      name: (projects.find((project) => project.id === id)?.name as string) ?? null,
      contracts: rows,
      totals: totalsOf(rows, FIGURES),
    }));
    const totals = totalsOf(
      projectRows.map((project) => project.totals),
      FIGURES,
    );
    const currency = currencyOf(
      reports.filter((report) => contracts.some((contract) => contract.id === report.id)).map((report) => report.paid_amount),
      `the contracts of contractor ${contractor.id}`,
    );
    const heading = [
      `Exposure to contractor ${untrustedInline(String(contractor.name ?? ''))} (${contractor.id}): ${contracts.length - unreported.length} contracts in ${projectRows.length} projects; amounts ${currency ?? 'in the account currency'}, net.`,
      `Totals: contracted ${formatAmount(totals.contracted)}; approved ${formatAmount(totals.approved)}; paid ${formatAmount(totals.paid)}; open ${formatAmount(totals.open)} (contracted minus paid).`,
    ];
    if (unreported.length) {
      heading.push(
        `Not counted: ${unreported.length} contracts the reporting API has no row for yet (${unreported.join(', ')}).`,
      );
    }
    const rows = projectRows.flatMap((project) =>
      project.contracts.map((contract) => [
        escapeUntrusted(project.name ?? project.id),
        escapeUntrusted(contract.name ?? contract.id),
        ...FIGURES.map((figure) => formatAmount(contract[figure])),
      ]),
    );
    return {
      text: [...heading, ...(rows.length ? [table(['project', 'contract', ...FIGURES], rows)] : [])].join('\n'),
      structured: {
        contractor: { id: contractor.id, name: String(contractor.name ?? '') },
        currency,
        projects: projectRows,
        totals,
        unreported_contracts: unreported,
      },
    };
  },
});
