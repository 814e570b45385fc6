import type { FileStore, StoredFile } from '../files/file-store.js';
import { renderPdf } from '../files/pdf.js';
import { formatAmount, type Money } from '../money.js';
import type { ContractRecord, InvoiceRecord } from './records.js';

/** The coversheet Alasco generates for an invoice added as paid: a one-page PDF summary. */
export function coversheetFor(
  files: FileStore,
  invoice: Omit<InvoiceRecord, 'seq'>,
  contract: ContractRecord | undefined,
): StoredFile {
  const amount = (label: string, value: Money | null) =>
    `${label}: ${value ? `${formatAmount(value.net)} ${value.currency} netto, ${formatAmount(value.tax)} USt.` : '-'}`;
  const title = `Deckblatt Rechnung ${invoice.external_identifier ?? ''}`;
  const lines = [
    `Vertrag: ${contract ? `${contract.contract_number} ${contract.name}` : '-'}`,
    `Rechnungsart: ${invoice.invoice_type ?? '-'}`,
    `Eingang: ${invoice.date_received ?? '-'}   Fällig: ${invoice.date_due ?? '-'}`,
    amount('Rechnungsbetrag', invoice.unaudited_amount),
    amount('Geprüfter Betrag', invoice.audited_amount),
    amount('Freigegeben nach Skonto', invoice.discounted_approved_amount),
    'Status: bezahlt (ohne Freigabe-Workflow erfasst)',
  ];
  const meta = { filename: `Deckblatt_${invoice.external_identifier ?? invoice.id}.pdf`, contentType: 'application/pdf' };
  return files.addGenerated(meta, () => renderPdf(title, lines));
}
