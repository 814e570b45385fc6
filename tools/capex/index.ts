/** Every CAPEX tool, and its toolsets. CAPEX shares most resources with FinCon; contracts hang from measures. */
import type { Operation } from '../../src/dispatch/operation.js';
import { capex } from '../scope.js';
import { changeOrderOperations } from '../shared/change-orders.js';
import { contractOperations } from '../shared/contracts.js';
import { documentOperations } from '../shared/documents.js';
import { invoiceOperations } from '../shared/invoices.js';
import { partnerOperations } from '../shared/partners.js';
import { paymentOperations } from '../shared/payments.js';
import { tagOperations } from '../shared/tags.js';
import { assetOperations } from './assets.js';

export const capexOperations: readonly Operation[] = [
  ...assetOperations,
  ...contractOperations(capex),
  ...invoiceOperations(capex),
  ...paymentOperations(capex),
  ...tagOperations(capex),
  ...partnerOperations(capex),
  ...changeOrderOperations(capex),
  ...documentOperations(capex),
];
