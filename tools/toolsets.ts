export interface ToolsetInfo {
  description: string;
  /** Part of the default surface: the daily work of the product. */
  daily: boolean;
}
