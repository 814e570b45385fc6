import type { MeasureStatus } from '../core/enums.js';
import { createCoreTables, type CoreTables } from '../core/records.js';
import type { Money } from '../money.js';
import { Table, type Row } from '../table.js';

/* CAPEX-only records, next to the contract side CAPEX shares with FinCon (core/records.ts). */

export interface AssetRecord extends Row {
  name: string;
  identifier: string;
  date_created: string;
}

export interface MeasureRecord extends Row {
  asset: string;
  name: string;
  identifier: string;
  description: string | null;
  status: MeasureStatus;
  date_created: string;
  /** Planned net volume of the measure (not exposed by the API). */
  budget: Money;
}

export interface CapexTables extends CoreTables {
  assets: Table<AssetRecord>;
  measures: Table<MeasureRecord>;
}

export function createCapexTables(): CapexTables {
  return { ...createCoreTables(), assets: new Table(), measures: new Table(['asset']) };
}
