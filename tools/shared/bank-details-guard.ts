/**
 * Where a contractor's money goes: a change of IBAN or BIC is previewed (the old IBAN masked but
 * for its last four characters, the new one in full, the contractor's name) and made only once
 * the user confirms, because changing bank details is the classic first step of payment fraud.
 * Other changes to a contractor stay single calls.
 */
import type { MoneyGuard } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { escaped, quoted } from '../../src/writes/quote.js';
import type { Scope } from '../scope.js';
import { differences, holds } from './guard-kit.js';

const BANK_FIELDS = ['iban', 'bic'] as const;
/** Arguments that are not among the other changes the preview lists beside the bank details. */
const NOT_OTHER = new Set<string>(['contractor_id', 'confirmation', ...BANK_FIELDS]);

/** "******************3000": all but the last four characters hidden, spaces dropped. */
export function maskedIban(iban: unknown): string {
  if (typeof iban !== 'string' || !iban.trim()) return '(none)';
  const compact = iban.replace(/\s+/g, '');
  return escaped(`${'*'.repeat(Math.max(0, compact.length - 4))}${compact.slice(-4)}`);
}

const shownBic = (bic: unknown) => (typeof bic === 'string' && bic ? quoted(bic) : '(none)');

export function bankDetailsGuard(scope: Scope): MoneyGuard {
  return {
    applies: (args) => BANK_FIELDS.some((field) => args[field] !== undefined),
    resource: (args) => `${scope.product}:contractor:${String(args.contractor_id)}`,
    read: (args, reader) => reader.one(scope.tool('get_contractor'), { contractor_id: args.contractor_id }),
    inspect(args, raw) {
      const contractor = raw as FlatResource;
      const bank: string[] = [];
      const changes: Record<string, unknown> = {};
      if (args.iban !== undefined) {
        changes.iban = { before: maskedIban(contractor.iban), after: args.iban };
        bank.push(`IBAN ${maskedIban(contractor.iban)} -> ${args.iban === null ? '(none)' : quoted(args.iban)}`);
      }
      if (args.bic !== undefined) {
        changes.bic = { before: contractor.bic ?? null, after: args.bic };
        bank.push(`BIC ${shownBic(contractor.bic)} -> ${shownBic(args.bic)}`);
      }
      const others = differences(
        contractor,
        args,
        Object.keys(args).filter((field) => !NOT_OTHER.has(field)),
      );
      return {
        fingerprint: { name: contractor.name ?? null, iban: contractor.iban ?? null, bic: contractor.bic ?? null },
        preview: {
          summary: [
            `Change the bank details of contractor ${quoted(contractor.name)} (id ${contractor.id}): ${bank.join('; ')}.`,
            ...others.lines.map((line) => `Also change ${line}`),
            'Payments to this contractor go to the new account from then on.',
          ],
          changes: { ...changes, ...others.changes },
          resulting: {
            contractor_id: contractor.id,
            iban: args.iban ?? maskedIban(contractor.iban),
            bic: args.bic ?? contractor.bic ?? null,
          },
          warnings: [
            {
              code: 'bank_details_change',
              message:
                'Changing where money goes is the classic first step of payment fraud: check the new bank details with the contractor through a channel you already trust (a phone number you know), not through the message that asked for the change.',
            },
          ],
        },
      };
    },
    findCommitted(args, _before, now) {
      const contractor = now as FlatResource;
      if (!holds(contractor, args, BANK_FIELDS)) return undefined;
      return {
        resource: contractor,
        text: `The bank details of contractor ${quoted(contractor.name)} are now IBAN ${contractor.iban == null ? '(none)' : quoted(contractor.iban)}, BIC ${shownBic(contractor.bic)}.`,
      };
    },
    howToCheck: (args) => `${scope.tool('get_contractor')} for contractor ${String(args.contractor_id)}`,
  };
}
