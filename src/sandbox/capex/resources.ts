import { attributesWithout, storedAttributes, type Resource } from '../resource.js';
import type { AssetRecord, MeasureRecord } from './records.js';

/* How CAPEX's own records appear in the API (apart from their routes, see product.ts). */

export const assetResource: Resource<AssetRecord> = {
  type: 'ASSET',
  label: 'Asset',
  table: (store) => store.capex.assets,
  attributes: storedAttributes,
};

export const measureResource: Resource<MeasureRecord> = {
  type: 'MEASURE',
  label: 'Measure',
  table: (store) => store.capex.measures,
  attributes: attributesWithout<MeasureRecord>('budget'),
  relationships: (measure) => ({ asset: { data: { id: measure.asset, type: 'ASSET' } } }),
  related: { asset: { resource: () => assetResource, id: (measure) => measure.asset } },
};
