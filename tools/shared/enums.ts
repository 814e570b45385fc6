/** Enumerations FinCon and CAPEX share, with the API's exact values. */

export const TAX_AUTHORITIES = [
  'BADEN_WUERTTEMBERG',
  'BAVARIA',
  'BERLIN',
  'BRANDENBURG',
  'BREMEN',
  'HAMBURG',
  'HESSE',
  'MECKLENBURG_VORPOMMERN',
  'LOWER_SAXONY',
  'NORTH_RHINE_WESTPHALIA',
  'RHEINLAND_PALATINATE',
  'SAARLAND',
  'SAXONY',
  'SACHSEN_ANHALT',
  'SCHLESWIG_HOLSTEIN',
  'THURINGIA',
] as const;

export const COUNTRY_CODES = [
  'AM',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GE',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'KZ',
  'LT',
  'LU',
  'LV',
  'MT',
  'MX',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'US',
  'UY',
  'SA',
  'SE',
  'SI',
  'SK',
  'TR',
] as const;

export const CONTRACT_STATUSES = ['DRAFT', 'ORDERED', 'PARTIAL_COMPLETED', 'COMPLETED'] as const;
export const CONTRACT_TYPES = ['MULTIPART', 'STANDARD', 'RECURRING'] as const;

export const INVOICE_TYPES = [
  'SINGLE',
  'ADVANCE',
  'INSTALLMENT',
  'PARTIAL_FINAL',
  'FINAL',
  'RETAINAGE_PAYOUT',
  'RECURRING',
] as const;

export const TAG_COLORS = ['BLUE', 'GREEN', 'RED', 'ORANGE'] as const;

export const CONTRACT_DOCUMENT_TYPES = ['CONTRACT', 'ATTACHMENT'] as const;
export const INVOICE_DOCUMENT_TYPES = [
  'INVOICE',
  'ATTACHMENT',
  'COVERSHEET_EXTERNAL',
  'AUDITED_INVOICE',
  'INTERNAL_CORRESPONDENCE',
  'EXTERNAL_CORRESPONDENCE',
  'VALUATIONS',
  'PLANS',
  'REVISED_INVOICE',
  'PAYMENT_CERTIFICATE',
  'PROTOCOL',
  'OTHER',
] as const;
export const CHANGE_ORDER_DOCUMENT_TYPES = [
  'CHANGE_ORDER_OFFER',
  'ATTACHMENT',
  'COVERSHEET_EXTERNAL',
  'AUDITED_CHANGE_ORDER',
  'INTERNAL_CORRESPONDENCE',
  'EXTERNAL_CORRESPONDENCE',
  'VALUATIONS',
  'PLANS',
  'CHANGE_ORDER',
  'PROTOCOL',
  'OTHER',
] as const;
